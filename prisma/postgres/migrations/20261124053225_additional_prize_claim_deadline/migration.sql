-- One name per concept: an additional prize's redeem-by date is its claim deadline, as on Campaign.
-- Written by hand: the generated SQL dropped the column (and its dates) and added an empty one.
ALTER TABLE "AdditionalPrize" RENAME COLUMN "redeemByDate" TO "claimDeadline";
