/**
 * giveawear-verify-draw: checks a Giveawear draw from public data only. Bundled by
 * `npm run build:verifier` into public/verifier/giveawear-verify-draw.mjs (the site serves it at
 * /verifier/giveawear-verify-draw.mjs): one file with no dependencies that runs with plain Node 20,
 * no checkout of Giveawear's code needed.
 *
 *   node giveawear-verify-draw.mjs <draw page URL or draw.json URL> [--drand <relay URL>]... [--chain-info info.json] [--tsa-root root.pem]...
 *   node giveawear-verify-draw.mjs --record draw.json --list draw.csv [--actions actions.csv] [--beacon beacon.json] [--chain-info info.json] [--tsa-root root.pem]...
 *
 * drand quicknet's key (and the demo chain's) is built in; a draw on any other chain passes only with
 * that chain's /info JSON given by the person verifying, with --chain-info (decision 082). The
 * time-stamp roots are built in too; --tsa-root adds one from the person's own trust store (procedure
 * 4, step 10: "as you obtain it from the authority or your own trust store").
 *
 * Exit code: 0 MATCH, 1 MISMATCH, 2 INCOMPLETE or could not run.
 */
import { readFile } from "node:fs/promises";
import { fetchVerifyInput, recordUrlFrom } from "./sources";
import { type VerifyInput, type VerifyResult, verifyDraw } from "./verify";

const USAGE = `Checks a Giveawear draw (procedure versions 2 to 5) from public data.

Usage:
  node giveawear-verify-draw.mjs <draw page URL or draw.json URL> [--drand <relay URL>]... [--chain-info info.json] [--tsa-root root.pem]...
      fetches draw.json, draw.csv, actions.csv (procedure 3 and later) and the beacon round (drand's public relays for quicknet,
      or --drand relays first)
  node giveawear-verify-draw.mjs --record draw.json --list draw.csv [--actions actions.csv] [--beacon beacon.json] [--chain-info info.json] [--tsa-root root.pem]...
      checks saved files (procedure 3 and later need --actions); without --beacon the beacon copy inside draw.json is checked

drand quicknet's public key is built in and is the only one a real giveaway's draw may use. --chain-info gives
another chain's /info JSON (a test or private chain) that you trust yourself; no key is ever taken from the
draw record or from Giveawear's servers. The roots of the time-stamp authorities Giveawear uses are built in
too; --tsa-root root.pem (repeatable) adds one you obtained from an authority yourself.

Exit code: 0 MATCH, 1 MISMATCH, 2 INCOMPLETE (or the check could not run).`;

interface Arguments {
  url?: string;
  record?: string;
  list?: string;
  actions?: string;
  beacon?: string;
  chainInfo?: string;
  drand: string[];
  /** PEM files of time-stamp roots the person verifying trusts, beside the built-in ones. */
  tsaRoots: string[];
}

function parseArguments(argv: readonly string[]): Arguments | string {
  const parsed: Arguments = { drand: [], tsaRoots: [] };
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i]!;
    const value = () => {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith("--")) throw new Error(`${argument} needs a value`);
      i += 1;
      return next;
    };
    try {
      if (argument === "--help" || argument === "-h") return USAGE;
      else if (argument === "--record") parsed.record = value();
      else if (argument === "--list") parsed.list = value();
      else if (argument === "--actions") parsed.actions = value();
      else if (argument === "--beacon") parsed.beacon = value();
      else if (argument === "--chain-info") parsed.chainInfo = value();
      else if (argument === "--drand") parsed.drand.push(value());
      else if (argument === "--tsa-root") parsed.tsaRoots.push(value());
      else if (argument.startsWith("--")) return `Unknown option ${argument}\n\n${USAGE}`;
      else if (parsed.url) return `Only one URL, please.\n\n${USAGE}`;
      else parsed.url = argument;
    } catch (error) {
      return `${(error as Error).message}\n\n${USAGE}`;
    }
  }
  if (parsed.url ? parsed.record || parsed.list : !(parsed.record && parsed.list)) return USAGE;
  return parsed;
}

async function readJson(path: string): Promise<unknown> {
  const text = await readFile(path, "utf8");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not JSON: ${(error as Error).message}`);
  }
}

const MARK = { true: "PASS", false: "FAIL", null: "----" } as const;

export function formatResult(result: VerifyResult): string {
  const lines = result.checks.map((check) => `[${MARK[String(check.ok) as keyof typeof MARK]}] ${check.name}: ${check.detail}`);
  const meaning = {
    MATCH: "every check passed: the winners are the ones the published procedure gives.",
    MISMATCH: "at least one check failed (marked FAIL above).",
    INCOMPLETE: "nothing failed, but some checks could not be made (marked ---- above).",
  }[result.verdict];
  return `${lines.join("\n")}\n\n${result.verdict}: ${meaning}\n`;
}

export async function main(argv: readonly string[], out: (text: string) => void = (text) => process.stdout.write(text)): Promise<number> {
  const parsed = parseArguments(argv);
  if (typeof parsed === "string") {
    out(`${parsed}\n`);
    return parsed === USAGE && (argv.includes("--help") || argv.includes("-h")) ? 0 : 2;
  }
  let input: VerifyInput;
  try {
    if (parsed.url) {
      input = await fetchVerifyInput(recordUrlFrom(parsed.url), {
        drandUrls: parsed.drand,
        chainInfo: parsed.chainInfo ? { json: await readJson(parsed.chainInfo), source: parsed.chainInfo } : null,
        progress: (message) => out(`${message}\n`),
      });
      out("\n");
    } else {
      input = {
        record: await readJson(parsed.record!),
        csvBytes: new Uint8Array(await readFile(parsed.list!)),
        actionsBytes: parsed.actions ? new Uint8Array(await readFile(parsed.actions)) : null,
        beacon: parsed.beacon ? { json: await readJson(parsed.beacon), source: parsed.beacon } : null,
        chainInfo: parsed.chainInfo ? { json: await readJson(parsed.chainInfo), source: parsed.chainInfo } : null,
      };
    }
  } catch (error) {
    out(`Could not run the check: ${(error as Error).message}\n`);
    return 2;
  }
  if (parsed.tsaRoots.length > 0) {
    try {
      input = { ...input, tsaRoots: await Promise.all(parsed.tsaRoots.map((path) => readFile(path, "utf8"))) };
    } catch (error) {
      out(`Could not run the check: ${(error as Error).message}\n`);
      return 2;
    }
  }
  const result = await verifyDraw(input);
  out(formatResult(result));
  return result.verdict === "MATCH" ? 0 : result.verdict === "MISMATCH" ? 1 : 2;
}
