import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** <details> menus stay open across client-side navigation; close them when the page changes. */
export function useCloseOnNavigate<T extends HTMLDetailsElement>() {
  const ref = useRef<T>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return ref;
}
