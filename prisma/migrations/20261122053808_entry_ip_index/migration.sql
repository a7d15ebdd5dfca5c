-- CreateIndex
CREATE INDEX "Entry_ip_createdAt_idx" ON "Entry"("ip", "createdAt");
