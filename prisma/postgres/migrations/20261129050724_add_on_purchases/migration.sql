-- CreateTable
CREATE TABLE "AddOnPurchase" (
    "id" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "buyerId" TEXT,
    "kind" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "checkoutSessionId" TEXT,
    "paidAt" TIMESTAMP(3),
    "featuredUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AddOnPurchase_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AddOnPurchase_checkoutSessionId_key" ON "AddOnPurchase"("checkoutSessionId");

-- CreateIndex
CREATE INDEX "AddOnPurchase_campaignId_kind_status_idx" ON "AddOnPurchase"("campaignId", "kind", "status");

-- CreateIndex
CREATE INDEX "AddOnPurchase_kind_status_featuredUntil_idx" ON "AddOnPurchase"("kind", "status", "featuredUntil");

-- CreateIndex
CREATE INDEX "AddOnPurchase_buyerId_idx" ON "AddOnPurchase"("buyerId");

-- AddForeignKey
ALTER TABLE "AddOnPurchase" ADD CONSTRAINT "AddOnPurchase_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AddOnPurchase" ADD CONSTRAINT "AddOnPurchase_buyerId_fkey" FOREIGN KEY ("buyerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
