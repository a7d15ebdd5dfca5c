-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "drawTimestamped" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "TimestampToken" (
    "id" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "tsaUrl" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "genTime" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TimestampToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TimestampToken_campaignId_subject_tsaUrl_key" ON "TimestampToken"("campaignId", "subject", "tsaUrl");

-- AddForeignKey
ALTER TABLE "TimestampToken" ADD CONSTRAINT "TimestampToken_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;
