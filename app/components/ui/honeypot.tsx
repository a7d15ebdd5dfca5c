import { HONEYPOT_FIELD } from "~/domain/honeypot";

/** A field bots fill and people never see (honeypotFilled in server/core/honeypot.server checks it). */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
