// AWR upload page: drag and drop onto the plain <input type=file multiple>, and the chosen files listed with their
// sizes against the limits (the server checks them again; this only says so before sending). No inline script.
(function () {
  "use strict";
  function words(bytes) {
    if (bytes >= 1048576) return (bytes / 1048576).toFixed(1) + " MiB";
    if (bytes >= 1024) return (bytes / 1024).toFixed(1) + " KiB";
    return bytes + " bytes";
  }
  function init() {
    var zone = document.getElementById("drop-zone");
    if (!zone) return;
    var input = zone.querySelector("input[type=file]");
    var list = document.getElementById("chosen-files");
    var maxFiles = parseInt(zone.dataset.maxFiles, 10);
    var maxFile = parseInt(zone.dataset.maxFileBytes, 10);
    var maxUpload = parseInt(zone.dataset.maxUploadBytes, 10);
    function show() {
      list.textContent = "";
      var total = 0;
      Array.prototype.forEach.call(input.files, function (file) {
        total += file.size;
        var item = document.createElement("li");
        item.textContent = file.name + " · " + words(file.size);
        if (file.size > maxFile) {
          item.className = "over";
          item.textContent += " — over the limit of " + words(maxFile) + " per file; it will not be read";
        }
        list.appendChild(item);
      });
      var problems = [];
      if (input.files.length > maxFiles) problems.push(input.files.length + " files: the limit is " + maxFiles + " files per upload");
      if (total > maxUpload) problems.push(words(total) + " in all: the limit is " + words(maxUpload) + " per upload");
      problems.forEach(function (text) {
        var item = document.createElement("li");
        item.className = "over";
        item.textContent = text;
        list.appendChild(item);
      });
    }
    ["dragenter", "dragover"].forEach(function (name) {
      zone.addEventListener(name, function (event) {
        event.preventDefault();
        zone.classList.add("dragging");
      });
    });
    ["dragleave", "drop"].forEach(function (name) {
      zone.addEventListener(name, function () { zone.classList.remove("dragging"); });
    });
    zone.addEventListener("drop", function (event) {
      event.preventDefault();
      if (event.dataTransfer && event.dataTransfer.files.length) {
        input.files = event.dataTransfer.files;
        show();
      }
    });
    input.addEventListener("change", show);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
