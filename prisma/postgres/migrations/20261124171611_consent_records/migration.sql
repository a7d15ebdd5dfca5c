-- AlterTable
ALTER TABLE "Entry" ADD COLUMN     "erasedAt" TIMESTAMP(3),
ADD COLUMN     "marketingConsentAt" TIMESTAMP(3),
ADD COLUMN     "marketingWithdrawnAt" TIMESTAMP(3),
ADD COLUMN     "marketingWordingId" TEXT,
ADD COLUMN     "termsWordingId" TEXT;

-- CreateTable
CREATE TABLE "ConsentWording" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConsentWording_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ConsentWording_kind_version_key" ON "ConsentWording"("kind", "version");
