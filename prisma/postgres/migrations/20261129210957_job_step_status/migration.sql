-- CreateTable
CREATE TABLE "JobStepStatus" (
    "step" TEXT NOT NULL,
    "lastStartedAt" TIMESTAMP(3) NOT NULL,
    "lastDurationMs" INTEGER NOT NULL,
    "lastOk" BOOLEAN NOT NULL,
    "lastError" TEXT,
    "lastErrorAt" TIMESTAMP(3),
    "lastSuccessAt" TIMESTAMP(3),
    "lastInstance" TEXT NOT NULL,

    CONSTRAINT "JobStepStatus_pkey" PRIMARY KEY ("step")
);
