import { disconnectPrisma, prisma } from "./db.server";
import { ensureDatabase } from "./seed.server";

/** Migrate and seed before the server takes requests, so an empty database just works. */
export async function prepareDatabase() {
  await ensureDatabase();
}

export async function checkDatabase() {
  await prisma.$queryRaw`SELECT 1`;
}

export async function disconnectDatabase() {
  await disconnectPrisma();
}
