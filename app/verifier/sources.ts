/**
 * Fetching what a verification needs from public URLs only: draw.json, draw.csv (its exact bytes)
 * and the beacon round from the chain's relays (drand's public ones for quicknet, whatever the
 * record says as well). Shared by the Node script and the in-browser verifier; global fetch only.
 */
import { QUICKNET } from "./drand";
import type { FetchedJson, VerifyInput } from "./verify";

const TIMEOUT_MS = 15_000;

/** draw.json's URL from a draw page URL, a draw.json or draw.csv URL, or a campaign page URL. */
export function recordUrlFrom(input: string, base?: string): string {
  const url = new URL(input, base);
  url.search = "";
  url.hash = "";
  const path = url.pathname.replace(/\/+$/, "");
  if (path.endsWith("/draw.json")) url.pathname = path;
  else if (path.endsWith("/draw.csv")) url.pathname = `${path.slice(0, -4)}.json`;
  else if (path.endsWith("/draw")) url.pathname = `${path}.json`;
  else if (/\/campaign\/[^/]+$/.test(path)) url.pathname = `${path}/draw.json`;
  else url.pathname = path;
  return url.toString();
}

async function get(url: string, signal?: AbortSignal): Promise<Response> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (error) {
    if (signal?.aborted) throw error;
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    throw new Error(`${url} could not be fetched: ${describe(error)}${cause}`);
  }
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The relay base URLs to ask for a chain's rounds: drand's own for quicknet first, then the record's. */
export function relayBases(recordBeacon: { chainHash: string; urls?: unknown }, extra: readonly string[] = []): string[] {
  const fromRecord = Array.isArray(recordBeacon.urls) ? recordBeacon.urls.filter((url): url is string => typeof url === "string") : [];
  const bases = [...extra, ...(recordBeacon.chainHash === QUICKNET.hash ? QUICKNET.mirrors : []), ...fromRecord].map((url) => {
    // A record may list full round URLs (".../<chain>/public/<round>") or relay base URLs.
    const at = url.indexOf(`/${recordBeacon.chainHash}`);
    return (at === -1 ? url : url.slice(0, at)).replace(/\/+$/, "");
  });
  return [...new Set(bases)];
}

export interface Progress {
  (message: string): void;
}

/**
 * Everything verifyDraw needs, fetched from public URLs. Problems with the beacon relays are not
 * fatal: the record's copy of the beacon is then checked (its BLS signature is the proof). No chain's
 * public key is fetched: quicknet's and the demo chain's are built in, any other is the verifying
 * person's to give (decision 082), since a relay of whoever runs a chain would vouch for any key.
 */
export async function fetchVerifyInput(
  recordUrl: string,
  options: {
    drandUrls?: readonly string[];
    /** A chain's /info JSON the person verifying gave (decision 082): never fetched, from a relay or anywhere else. */
    chainInfo?: FetchedJson | null;
    progress?: Progress;
    signal?: AbortSignal;
  } = {},
): Promise<VerifyInput> {
  const say = options.progress ?? (() => {});
  say(`Fetching ${recordUrl}`);
  const record: unknown = await (await get(recordUrl, options.signal)).json();
  const view = (typeof record === "object" && record !== null ? record : {}) as Record<string, unknown>;
  const list = (view.list ?? null) as { csvUrl?: unknown } | null;
  const beacon = (view.beacon ?? null) as {
    chainHash?: unknown;
    urls?: unknown;
    round?: unknown;
    demo?: unknown;
    replacement?: { round?: unknown } | null;
  } | null;

  let csvBytes: Uint8Array | null = null;
  if (list) {
    // draw.csv beside the draw.json just fetched first (the same site, whatever address the record
    // gives for itself), then the record's own csvUrl. Where the bytes come from does not matter:
    // their hash is checked against the published one.
    const candidates = [new URL("draw.csv", recordUrl).toString()];
    if (typeof list.csvUrl === "string") candidates.push(new URL(list.csvUrl, recordUrl).toString());
    const problems: string[] = [];
    for (const csvUrl of new Set(candidates)) {
      try {
        say(`Fetching ${csvUrl}`);
        csvBytes = new Uint8Array(await (await get(csvUrl, options.signal)).arrayBuffer());
        break;
      } catch (error) {
        if (options.signal?.aborted) throw error;
        problems.push(describe(error));
      }
    }
    if (!csvBytes) throw new Error(problems.join("; "));
  }

  // Procedure 3: actions.csv, beside draw.json too, then the record's own address for it.
  let actionsBytes: Uint8Array | null = null;
  const actions = (list as { actions?: { csvUrl?: unknown } | null } | null)?.actions ?? null;
  if (actions) {
    const candidates = [new URL("actions.csv", recordUrl).toString()];
    if (typeof actions.csvUrl === "string") candidates.push(new URL(actions.csvUrl, recordUrl).toString());
    for (const actionsUrl of new Set(candidates)) {
      try {
        say(`Fetching ${actionsUrl}`);
        actionsBytes = new Uint8Array(await (await get(actionsUrl, options.signal)).arrayBuffer());
        break;
      } catch (error) {
        if (options.signal?.aborted) throw error;
      }
    }
  }

  const input: VerifyInput = { record, csvBytes, actionsBytes, chainInfo: options.chainInfo ?? null };
  // Procedure 5 (decision 099): the beacon of a replacement round when the record names one.
  const wanted = typeof beacon?.replacement?.round === "number" ? beacon.replacement.round : beacon?.round;
  if (beacon && typeof beacon.chainHash === "string" && typeof wanted === "number" && beacon.demo !== true) {
    const chainHash = beacon.chainHash;
    const bases = relayBases({ chainHash, urls: beacon.urls }, options.drandUrls);
    const problems: string[] = [];
    for (const base of bases) {
      try {
        const url = `${base}/${chainHash}/public/${wanted}`;
        say(`Fetching ${url}`);
        input.beacon = { json: await (await get(url, options.signal)).json(), source: url } satisfies FetchedJson;
      } catch (error) {
        if (options.signal?.aborted) throw error;
        problems.push(describe(error));
        continue;
      }
      break;
    }
    if (!input.beacon) input.beaconFetchProblem = bases.length === 0 ? "the record lists no relay for this chain" : problems.join("; ");
  }
  return input;
}
