import { useState } from "react";
import { initials } from "~/domain/profile";

/** The picture, else (when it is missing or fails to load) the initials. */
export function Avatar({ name, src, size }: { name: string; src: string | null; size: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (!src || failed) {
    return (
      <span
        style={style}
        className="inline-flex items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
        role="img"
        aria-label={name}
      >
        {initials(name)}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={name}
      width={size}
      height={size}
      style={style}
      referrerPolicy="no-referrer"
      className="rounded-full bg-slate-200 object-cover dark:bg-slate-700"
      onError={() => setFailed(true)}
    />
  );
}
