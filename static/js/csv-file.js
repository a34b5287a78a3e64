// Reads a chosen CSV file into the import form's text area (no upload needed; UTF-8 expected).
document.querySelectorAll('input[type=file][data-fill]').forEach(function (input) {
  input.addEventListener('change', function () {
    var target = document.getElementById(input.getAttribute('data-fill'));
    var file = input.files && input.files[0];
    if (!target || !file) { return; }
    var reader = new FileReader();
    reader.onload = function () { target.value = String(reader.result); };
    reader.readAsText(file, 'utf-8');
  });
});
