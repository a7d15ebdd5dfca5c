import { useId, useRef, useState } from "react";
import { campaignPosterPdfPath, campaignPosterPngPath } from "~/paths";
import { useHydrated } from "../ui/use-hydrated";

/**
 * The embed snippet in a read-only text area (select it and copy: works without JavaScript) and,
 * once the page runs JavaScript, a Copy button.
 */
export function EmbedSnippet({ snippet, label = "Embed on your website" }: { snippet: string; label?: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const area = useRef<HTMLTextAreaElement>(null);
  const [status, setStatus] = useState("");
  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      setStatus("Embed code copied.");
    } catch {
      area.current?.select();
      setStatus("Copy failed: select the code and copy it yourself.");
    }
  }
  return (
    <div className="text-left">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <p id={`${id}-help`} className="mb-2 text-xs text-slate-600 dark:text-slate-400">
        Paste this code into your site's HTML: visitors can enter without leaving your page. To let your page's background show around the
        card, add <code>?bg=transparent</code> to the address in the code; for a colour of your own, <code>?bg=</code> and its six hex
        digits, e.g. <code>?bg=f5f0e8</code>.
      </p>
      <textarea
        ref={area}
        id={id}
        readOnly
        rows={4}
        value={snippet}
        aria-describedby={`${id}-help`}
        onFocus={(event) => event.currentTarget.select()}
        className="input font-mono text-xs break-all"
        data-testid="embed-snippet"
      />
      <div className="mt-2 flex items-center gap-3">
        <button type="button" hidden={!hydrated} onClick={copy} className="btn-secondary">
          Copy embed code
        </button>
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {status}
        </p>
      </div>
    </div>
  );
}

/** "Print a poster": A4 and US Letter PDFs and the PNG, each opening in a new tab. */
export function PosterLinks({ campaignId, className = "" }: { campaignId: string; className?: string }) {
  const link = "font-semibold text-brand-700 underline dark:text-brand-300";
  return (
    <p className={`text-sm text-slate-800 dark:text-slate-200 ${className}`}>
      <span className="font-semibold">Print a poster</span> with a QR code to your giveaway:{" "}
      <a href={campaignPosterPdfPath(campaignId)} target="_blank" rel="noopener" className={link}>
        A4 PDF
      </a>
      {" · "}
      <a href={campaignPosterPdfPath(campaignId, "letter")} target="_blank" rel="noopener" className={link}>
        US Letter PDF
      </a>
      {" · "}
      <a href={campaignPosterPngPath(campaignId)} target="_blank" rel="noopener" className={link}>
        PNG image
      </a>
    </p>
  );
}
