import { redirect } from "react-router";
import { href } from "~/paths";

// SPEC: any other path redirects to /start.
export const loader = () => redirect(href("/start"));
export const action = () => redirect(href("/start"));
