/**
 * The demo content the seeder adds to a fresh install (DEMO_DATA, app/server/startup/demo.server.ts):
 * its campaigns belong to this account, which the platform figures leave out (decision 046).
 */
export const DEMO_CREATOR_EMAIL = "demo@giveawear.example";
