/**
 * The entry form's optional phone number (decision 094): checked with libphonenumber-js's full
 * metadata ("max": it knows each country's number ranges, so a number of the right length that no
 * carrier issues is refused too) and stored in E.164 ("+14155550123"), the form Twilio takes and
 * STOP replies come from. A number without "+" is read as SMS_DEFAULT_COUNTRY's. Only the server
 * loads this: the metadata stays out of every page's script.
 */
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
import { getConfig } from "../core/config.server";

/** The number in E.164, or null when it is not a valid phone number. */
export function e164PhoneNumber(typed: string): string | null {
  const phone = parsePhoneNumberFromString(typed, getConfig().SMS_DEFAULT_COUNTRY as CountryCode);
  return phone?.isValid() ? phone.number : null;
}
