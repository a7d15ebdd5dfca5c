import { redirect } from "react-router";

// SPEC: any other path redirects to /start.
export const loader = () => redirect("/start");
export const action = () => redirect("/start");
