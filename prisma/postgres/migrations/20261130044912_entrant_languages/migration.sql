-- DropIndex
DROP INDEX "ConsentWording_kind_version_key";

-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "language" TEXT NOT NULL DEFAULT 'en',
ADD COLUMN     "otherLanguages" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "ConsentWording" ADD COLUMN     "language" TEXT NOT NULL DEFAULT 'en';

-- CreateIndex
CREATE UNIQUE INDEX "ConsentWording_kind_version_language_key" ON "ConsentWording"("kind", "version", "language");
