-- AlterTable
ALTER TABLE "Entry" ADD COLUMN "erasedAt" DATETIME;
ALTER TABLE "Entry" ADD COLUMN "marketingConsentAt" DATETIME;
ALTER TABLE "Entry" ADD COLUMN "marketingWithdrawnAt" DATETIME;
ALTER TABLE "Entry" ADD COLUMN "marketingWordingId" TEXT;
ALTER TABLE "Entry" ADD COLUMN "termsWordingId" TEXT;

-- CreateTable
CREATE TABLE "ConsentWording" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "ConsentWording_kind_version_key" ON "ConsentWording"("kind", "version");
