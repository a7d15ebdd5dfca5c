import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * <details> menus stay open across client-side navigation; close them when the page changes. Not on
 * the first render: a menu a visitor opened before the page hydrated (a slow phone) stays open.
 */
export function useCloseOnNavigate<T extends HTMLDetailsElement>() {
  const ref = useRef<T>(null);
  const location = useLocation();
  const shownFor = useRef(location.key);
  useEffect(() => {
    if (shownFor.current === location.key) return;
    shownFor.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return ref;
}
