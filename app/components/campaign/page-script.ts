/**
 * The campaign page ships no client runtime (speed budget: it is opened on cheap phones over slow
 * networks). This function is its only JavaScript, inlined as `(${source})()` under the CSP nonce:
 * it ticks the countdown, checks the entry form as SPEC asks, and works the copy button. Everything
 * it enhances works without it. Keep it small and dependency-free: it is serialised with
 * Function.prototype.toString, so it must not refer to anything outside itself.
 */
export function campaignPageScript() {
  const $ = (selector: string) => document.querySelector<HTMLElement>(selector);

  const countdown = $("[data-countdown]");
  if (countdown) {
    const end = Date.parse(countdown.dataset.end ?? "");
    const tick = () => {
      const left = Math.max(0, end - Date.now());
      if (left === 0) {
        countdown.textContent = countdown.dataset.doneText ?? "";
        return;
      }
      const s = Math.floor(left / 1000);
      const parts = [Math.floor(s / 86400), Math.floor(s / 3600) % 24, Math.floor(s / 60) % 60, s % 60];
      countdown.querySelectorAll("[data-unit]").forEach((node, i) => {
        node.textContent = String(parts[i]).padStart(2, "0");
      });
      setTimeout(tick, 1000 - (Date.now() % 1000));
    };
    tick();
  }

  const form = document.querySelector<HTMLFormElement>("form[data-entry-form]");
  if (form) {
    const email = form.elements.namedItem("email") as HTMLInputElement;
    const terms = form.elements.namedItem("agreedToTerms") as HTMLInputElement;
    const submit = form.querySelector<HTMLButtonElement>("button[type=submit]");
    const hint = $("[data-submit-hint]");
    const show = (field: HTMLInputElement, message: string) => {
      const slot = document.getElementById(`${field.id}-error`);
      if (slot) slot.textContent = message;
      field.setAttribute("aria-invalid", String(Boolean(message)));
    };
    const emailProblem = () => {
      const value = email.value.trim();
      if (!value) return form.dataset.emailRequired ?? "";
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? "" : (form.dataset.emailInvalid ?? "");
    };
    let touched = false;
    const update = () => {
      const problem = emailProblem();
      if (touched) show(email, problem);
      if (submit) submit.disabled = !terms.checked || (touched && Boolean(problem));
      if (hint) hint.hidden = terms.checked;
    };
    email.addEventListener("input", update);
    // A tap on the terms box first blurs the email field: showing its error at once would push the
    // box down under the finger, so the tap would miss. While a press is down, wait for its click.
    let pressing = false;
    let blurred = false;
    const afterBlur = () => {
      blurred = false;
      touched = email.value.trim() !== "";
      update();
    };
    form.addEventListener("pointerdown", () => (pressing = true), true);
    for (const type of ["pointerup", "pointercancel"])
      document.addEventListener(type, () => {
        pressing = false;
        if (blurred) setTimeout(afterBlur);
      });
    email.addEventListener("blur", () => {
      if (pressing) blurred = true;
      else afterBlur();
    });
    terms.addEventListener("change", () => {
      show(terms, "");
      update();
    });
    form.addEventListener("submit", (event) => {
      touched = true;
      const problem = emailProblem();
      show(email, problem);
      if (!terms.checked) show(terms, form.dataset.termsRequired ?? "");
      if (problem || !terms.checked) {
        event.preventDefault();
        (problem ? email : terms).focus();
      } else if (submit) {
        // One tap, one entry: a second tap while the first is on its way would only repeat it.
        setTimeout(() => (submit.disabled = true));
      }
    });
    update();
  }

  const copy = $("[data-copy]");
  if (copy && navigator.clipboard) {
    copy.hidden = false;
    const status = $("[data-copy-status]");
    copy.addEventListener("click", () => {
      navigator.clipboard.writeText(copy.dataset.copy ?? "").then(
        // The words come from the page, in its language (decision 097).
        () => status && (status.textContent = status.dataset.copied ?? "Link Copied!"),
        () => status && (status.textContent = status.dataset.copyFailed ?? "Copy Failed"),
      );
    });
  }
}

export const CAMPAIGN_PAGE_SCRIPT = `(${campaignPageScript.toString()})()`;
