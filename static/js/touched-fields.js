// The questionnaire shows a field's error once the user has touched it (typed, changed or left it) or submitted:
// each touched field's name goes into the hidden "_touched" input that every inline validation posts.
(function () {
  var form = document.getElementById("questionnaire");
  var list = document.getElementById("touched-fields");
  if (!form || !list) return;
  function touch(event, announce) {
    var field = event.target;
    if (!field || !field.name || field.name === "_touched" || field.name === "csrfmiddlewaretoken") return;
    var names = list.value ? list.value.split(",") : [];
    if (names.indexOf("*") !== -1 || names.indexOf(field.name) !== -1) return;
    names.push(field.name);
    list.value = names.join(",");
    // Leaving a field without changing it still shows its error ("Assessment name is required."): ask htmx to check.
    if (announce) field.dispatchEvent(new Event("touched", { bubbles: true }));
  }
  // Capture phase: the name is listed before htmx (listening on the form) reads the form for its request.
  document.addEventListener("input", function (e) { if (form.contains(e.target)) touch(e, false); }, true);
  document.addEventListener("change", function (e) { if (form.contains(e.target)) touch(e, false); }, true);
  form.addEventListener("focusout", function (e) { touch(e, true); });
})();
