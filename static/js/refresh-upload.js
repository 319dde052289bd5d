// The Prices page's refresh form: a file larger than the server accepts is refused here, marked on the file field,
// before it is sent; and an answer htmx does not show (it swaps only 2xx answers: the server's 413 for a body past
// the limit, or a connection closed mid-upload) is said on the form instead of nothing happening. The server checks
// the size again. No inline script (Content-Security-Policy).
(function () {
  "use strict";
  var INPUT = "refresh-offer-file";
  function words(bytes) {  // as the server states sizes (config/limits.py in_words): 512 MiB, 600.5 MiB
    var units = [[1073741824, " GiB"], [1048576, " MiB"], [1024, " KiB"]];
    for (var i = 0; i < units.length; i++) {
      if (bytes >= units[i][0]) {
        var amount = bytes / units[i][0];
        return (amount === Math.round(amount) ? amount.toFixed(0) : amount.toFixed(1)) + units[i][1];
      }
    }
    return bytes + " bytes";
  }
  function input() { return document.getElementById(INPUT); }
  function mark(field, text) {
    var error = document.getElementById("err-" + INPUT);
    if (!field || !error) return;
    error.textContent = text;
    if (text) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
  }
  function limit(field) { return parseInt(field.dataset.maxBytes, 10) || 0; }
  function tooLarge(field) {
    var file = field && field.files && field.files[0];
    var max = field ? limit(field) : 0;
    if (!file || !max || file.size <= max) return "";
    return file.name + " is " + words(file.size) + ": at most " + words(max) + " can be uploaded here. Nothing was " +
      "sent; choose the offer file of one Region and service.";
  }
  function refused(status) {
    var field = input();
    var file = field && field.files && field.files[0];
    var max = field ? limit(field) : 0;
    if (status === 413) {
      return "The upload" + (file ? " (" + file.name + ", " + words(file.size) + ")" : "") + " is larger than the " +
        (max ? words(max) + " " : "") + "the server accepts: nothing was read and no refresh was started.";
    }
    if (status === 0) {
      return "The upload did not reach the server (the connection was closed before it answered): no refresh was " +
        "started. Check the file's size (at most " + words(max) + ") and try again.";
    }
    return "The server answered " + status + " and started no refresh: try again; if it persists, the server's log " +
      "says why.";
  }
  function fromForm(event) {
    var elt = event.detail && event.detail.elt;
    return elt && elt.closest && elt.closest("#refresh-form");
  }
  document.addEventListener("change", function (event) {
    if (event.target && event.target.id === INPUT) mark(event.target, tooLarge(event.target));
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!fromForm(event)) return;
    say("");
    var text = tooLarge(input());
    mark(input(), text);
    if (text) event.preventDefault();  // htmx sends nothing
  });
  document.addEventListener("submit", function (event) {  // without htmx (not loaded yet): the same refusal
    if (!event.target || event.target.id !== "refresh-form") return;
    var text = tooLarge(input());
    mark(input(), text);
    if (text) event.preventDefault();
  });
  function say(text) {  // not the file's fault: said on the form, not on the field
    var where = document.getElementById("refresh-form-error");
    if (where) where.textContent = text;
  }
  document.addEventListener("htmx:responseError", function (event) {
    if (!fromForm(event)) return;
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (status === 413) mark(input(), refused(status));
    else say(refused(status));
  });
  document.addEventListener("htmx:sendError", function (event) {
    if (fromForm(event)) mark(input(), refused(0));
  });
})();
