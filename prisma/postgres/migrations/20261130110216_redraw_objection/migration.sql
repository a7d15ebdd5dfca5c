-- CreateTable
CREATE TABLE "RedrawObjection" (
    "id" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "rank" INTEGER NOT NULL,
    "entryId" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RedrawObjection_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RedrawObjection_campaignId_rank_entryId_key" ON "RedrawObjection"("campaignId", "rank", "entryId");

-- AddForeignKey
ALTER TABLE "RedrawObjection" ADD CONSTRAINT "RedrawObjection_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;
