-- CreateTable
CREATE TABLE "JobStepStatus" (
    "step" TEXT NOT NULL PRIMARY KEY,
    "lastStartedAt" DATETIME NOT NULL,
    "lastDurationMs" INTEGER NOT NULL,
    "lastOk" BOOLEAN NOT NULL,
    "lastError" TEXT,
    "lastErrorAt" DATETIME,
    "lastSuccessAt" DATETIME,
    "lastInstance" TEXT NOT NULL
);
