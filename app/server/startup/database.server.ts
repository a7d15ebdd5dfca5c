import { disconnectPrisma, prisma } from "../core/db.server";
import { configuredChain } from "../draw/beacon.server";
import { ensureDatabase } from "./seed.server";

/** Migrate and seed before the server takes requests, so an empty database just works. */
export async function prepareDatabase() {
  // A DRAND_CHAIN_INFO the draw could not use is the operator's to fix now, not at the first draw.
  configuredChain();
  await ensureDatabase();
}

export async function checkDatabase() {
  await prisma.$queryRaw`SELECT 1`;
}

export async function disconnectDatabase() {
  await disconnectPrisma();
}
