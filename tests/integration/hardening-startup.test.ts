/**
 * How the server process starts (server/index.js): outside production it listens on this machine
 * only, since the local mailbox shows everyone's sign-in codes.
 */
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { afterAll, expect, it } from "vitest";
import { type SpawnedServer, spawnAppServer } from "../helpers/app-server";

let server: SpawnedServer | undefined;

afterAll(async () => {
  await server?.close();
});

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** The local addresses with a listening TCP socket on `port`, from /proc/net/tcp and tcp6 (hex, as the kernel writes them). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // Columns: sl, local_address (ADDR:PORT), rem_address, st (0A is LISTEN), ...
      .filter((columns) => columns[1]?.endsWith(`:${hexPort}`) && columns[3] === "0A")
      .map((columns) => columns[1]!.split(":")[0]!),
  );
}

it("listens on 127.0.0.1 only when HOST is not set outside production", async () => {
  const port = await freePort();
  server = await spawnAppServer(port, { HOST: "" });
  expect(server.output()).toContain(`listening on http://127.0.0.1:${port}`);
  // 0100007F is 127.0.0.1 (little-endian hex); 0.0.0.0 or :: would mean every interface.
  expect(listeningAddresses(port)).toEqual(["0100007F"]);
}, 120_000);
