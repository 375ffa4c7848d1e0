/* tcgteach links: the page's side of tcgteach.widgets.links (the same file in the Voila template and the Voici
   pages). A kernel cannot see its page's address: this script writes it (with the link in its fragment) into the
   classroom's hidden field .tcg-link-inbox, as typed text that syncs to the kernel; the kernel decodes and checks
   the link. And it copies a link to the clipboard when a .tcg-copy-link button is pressed, then tells the pane
   (.tcg-link-report) whether that worked. Nothing from the address is run or put into the page here. */
(function () {
  "use strict";
  var seq = 0;
  function tell(root, cls, text) {
    var input = root.querySelector("." + cls + " input");
    if (!input) { return false; }
    seq += 1;
    input.value = seq + " " + text;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
    return true;
  }
  var timer = null;
  function sendPage() {
    if (timer !== null) { clearInterval(timer); }
    var tries = 0;
    timer = setInterval(function () {
      tries += 1;
      if (tell(document, "tcg-link-inbox", location.href) || tries > 2400) {
        clearInterval(timer);
        timer = null;
      }
    }, 250);
  }
  sendPage();
  window.addEventListener("hashchange", sendPage);
  function copyByHand(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.top = "0";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(area);
    return ok;
  }
  document.addEventListener("click", function (event) {
    var target = event.target;
    var button = target && target.closest ? target.closest(".tcg-copy-link") : null;
    if (!button) { return; }
    var pane = button.closest(".tcg-link-pane");
    var field = pane ? pane.querySelector(".tcg-link-field input") : null;
    var text = field ? field.value : "";
    function report(ok) { if (pane) { tell(pane, "tcg-link-report", ok ? "copied" : "select"); } }
    if (!text) { report(false); return; }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(
        function () { report(true); },
        function () { report(copyByHand(text)); }
      );
    } else {
      report(copyByHand(text));
    }
  }, true);
})();
