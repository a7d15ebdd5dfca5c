import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      "test-results*/",
      "node_modules/",
      ".react-router/",
      "app/generated/",
      "data/",
      "test-results/",
      "playwright-report/",
      "tests/.output/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip|todo)$/]",
          message: "No focused or skipped tests in main.",
        },
      ],
    },
  },
  {
    // domain/ is pure: no I/O, no React, nothing of ours outside domain/.
    files: ["app/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["node:*", "react", "react-router", "../server/*", "../components/*", "~/server/*", "~/components/*", "~/routes/*"] },
      ],
    },
  },
  {
    // components/ show data: they take its types from domain/, never from server modules, routes or the root route.
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            "~/server/*",
            "../server/*",
            "../../server/*",
            "../../../server/*",
            "~/routes/*",
            "../routes/*",
            "../../routes/*",
            "../../../routes/*",
            "~/root",
            "../root",
            "../../root",
            "../../../root",
          ],
        },
      ],
    },
  },
  {
    // server/ sits below the routes: it never imports a route, a component or the root route.
    files: ["app/server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            "~/routes/*",
            "../routes/*",
            "../../routes/*",
            "../../../routes/*",
            "~/components/*",
            "../components/*",
            "../../components/*",
            "../../../components/*",
            "~/root",
            "../root",
            "../../root",
            "../../../root",
          ],
        },
      ],
    },
  },
);
