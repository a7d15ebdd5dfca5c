-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_LoginCode" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "stateHash" TEXT,
    "ip" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ownDevice" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_LoginCode" ("attempts", "codeHash", "createdAt", "email", "expiresAt", "id", "ip", "stateHash", "usedAt") SELECT "attempts", "codeHash", "createdAt", "email", "expiresAt", "id", "ip", "stateHash", "usedAt" FROM "LoginCode";
DROP TABLE "LoginCode";
ALTER TABLE "new_LoginCode" RENAME TO "LoginCode";
CREATE INDEX "LoginCode_email_createdAt_idx" ON "LoginCode"("email", "createdAt");
CREATE INDEX "LoginCode_ip_createdAt_idx" ON "LoginCode"("ip", "createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
