import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { LOG_LEVELS } from "../../domain/log-redaction";

const list = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

const optional = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() ? value.trim() : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Unset: every interface in production, this machine only otherwise (server/index.js). */
  HOST: optional,
  DATA_DIR: z.string().default("./data"),
  /** The quietest lines the log writes (decision 083); log.server.ts reads it as the process starts. */
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  DATABASE_URL: optional,
  SESSION_SECRET: optional,
  SMTP_URL: optional,
  /** SMTP connections each process keeps open and sends over side by side (decision 023). */
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(5),
  /**
   * Messages a second each sending process starts at most (decision 089); unset or empty: no limit.
   * Messages beyond it wait in the outbox for a later pass, none fails because of it.
   */
  SMTP_RATE_PER_SECOND: optional.pipe(z.coerce.number<string | undefined>().positive().max(10_000).optional()),
  /**
   * Who sends the outbox when SMTP_URL is set (decision 109; read by server/index.js): "process", one
   * sender process beside the web workers, which only queue; "inline", each process its own requests' mail.
   */
  EMAIL_SENDER: z.enum(["process", "inline"]).default("process"),
  MAIL_FROM: z.string().default("Giveawear <no-reply@giveawear.local>"),
  APP_URL: optional,
  ADMIN_EMAILS: list,
  EDITOR_EMAILS: list,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_AUTHORIZATION_URL: z.string().url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: z.string().url().default("https://openidconnect.googleapis.com/v1/userinfo"),
  IDEOGRAM_API_KEY: optional,
  IDEOGRAM_API_URL: z.string().url().default("https://api.ideogram.ai"),
  DEMO_DATA: z
    .string()
    .default("true")
    .transform((value) => value !== "false"),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  /** Sign-in codes per 15 minutes for one address from one IP address. */
  LOGIN_CODE_LIMIT_PER_EMAIL_IP: z.coerce.number().int().positive().default(5),
  /** ...for one address from all IP addresses together: higher, so strangers cannot lock its owner out. */
  LOGIN_CODE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(30),
  LOGIN_CODE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  /** Entries accepted from one IP address per 10 minutes, across all campaigns. */
  ENTRY_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  /** Entry emails (confirm link, confirmation) sent again at one IP address's request per hour (decision 038). */
  ENTRY_RESEND_LIMIT_PER_IP: z.coerce.number().int().positive().default(10),
  /** Contact-form messages accepted from one IP address per hour. */
  CONTACT_LIMIT_PER_IP: z.coerce.number().int().positive().default(5),
  /** Requests for a link to an entrant's data page (/privacy/my-data) accepted from one IP address per hour (decision 054). */
  DATA_REQUEST_LIMIT_PER_IP: z.coerce.number().int().positive().default(10),
  /** Printify (decision 014): with a token and a shop id, claimed prizes become Printify orders; otherwise a manual queue. */
  PRINTIFY_API_TOKEN: optional,
  PRINTIFY_SHOP_ID: optional,
  PRINTIFY_API_URL: z.string().url().default("https://api.printify.com"),
  /** The secret of the Printify webhook subscription; webhook bodies are checked with HMAC-SHA256 under it. */
  PRINTIFY_WEBHOOK_SECRET: optional,
  /**
   * Twilio (decision 094): with all three set, winners who gave a phone number get their SMS through
   * Twilio's Messages API; otherwise every SMS stays in the SMS outbox (shown in the dev mailbox).
   */
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  /** The sending number (E.164) or a Messaging Service SID (MG...). */
  TWILIO_FROM: optional,
  /** Twilio's REST API base; the tests point it at a fake on 127.0.0.1. */
  TWILIO_API_URL: z.string().url().default("https://api.twilio.com"),
  /** The country of an entry form's phone number typed without "+" and a country code (ISO 3166 alpha-2). */
  SMS_DEFAULT_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .default("US")
    .transform((value) => value.toUpperCase()),
  /** How often the in-server job runner makes a pass (draws, claims, reminders, email, fulfilment); 0 turns the timer off. */
  JOBS_INTERVAL_MS: z.coerce.number().int().min(0).default(15000),
  /**
   * How long the anonymous campaign page, rendered once, is served to every visitor without cookies
   * (decision 059); 0 renders it for each request.
   */
  PUBLIC_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * Megabytes of upload bodies (the wizard's and the slider's posts) one server process receives at
   * once (decision 064); a post that would pass it is answered 503 with Retry-After, unread.
   */
  UPLOADS_IN_FLIGHT_MB: z.coerce.number().int().min(1).max(100_000).default(256),
  /**
   * drand HTTP endpoints (decision 039), tried in order: each serves GET {url}/{chainhash}/public/{round}.
   * Tests point this at a fake beacon on 127.0.0.1.
   */
  /**
   * RFC 3161 time-stamp authorities (decision 090), comma-separated: the job asks each for a token
   * over the draw's commitment after launch and over the frozen list's hash after the freeze. Their
   * roots must be among the ones the verifiers ship with (app/verifier/tsa-roots.ts). Empty: none.
   */
  TSA_URLS: z
    .string()
    .default("http://timestamp.digicert.com,http://timestamp.sectigo.com")
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  DRAND_URLS: z
    .string()
    .default("https://api.drand.sh,https://api2.drand.sh,https://api3.drand.sh,https://drand.cloudflare.com")
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim().replace(/\/+$/, ""))
        .filter(Boolean),
    )
    .refine((urls) => urls.length > 0 && urls.every((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol)), {
      message: "must be a comma-separated list of http or https URLs",
    }),
  /**
   * The beacon chain's info as drand's GET {url}/{chainhash}/info returns it (JSON: public_key, period,
   * genesis_time, hash, schemeID). Unset: drand's quicknet, pinned in the code. Tests and private
   * networks set their own chain here; its public key is what every beacon is verified against.
   */
  DRAND_CHAIN_INFO: optional,
  /** Minutes between a giveaway's end and its beacon round: the time the entry list has to be frozen in. */
  DRAW_BEACON_MARGIN_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** Days a winner has to claim a prize (decisions 013, 032). */
  CLAIM_WINDOW_DAYS: z.coerce.number().int().positive().default(14),
  /**
   * Days a signed-out visitor's draft campaign is kept after its last change (decision 067); then the job
   * pass deletes it and the uploads that were its alone. The default is the life of its `gw_draft` cookie.
   */
  VISITOR_DRAFT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Where the contact form's messages go. */
  SUPPORT_EMAIL: z.string().email().default("support@giveawear.local"),
  /** The Elite plan's "Contact Sales" mail link. */
  SALES_EMAIL: z.string().email().default("sales@giveawear.local"),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** Test override: the Stripe SDK's protocol, host and port come from it (a fake server on 127.0.0.1). */
  STRIPE_API_URL: optional.refine((value) => value === undefined || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)), {
    message: "must be an http or https URL",
  }),
  /**
   * The key that seals the secrets creators give us (email-tool API keys, webhook signing secrets) at
   * rest (decision 056): 32 bytes as 64 hex characters (`openssl rand -hex 32`). Unset: outside
   * production a key generated once in DATA_DIR/encryption-key; in production connecting an email
   * tool or adding a webhook is refused until it is set. Changing it makes stored secrets unreadable.
   */
  ENCRYPTION_KEY: optional.refine((value) => value === undefined || /^[0-9a-fA-F]{64}$/.test(value), {
    message: "must be 64 hexadecimal characters (32 bytes; generate one with `openssl rand -hex 32`)",
  }),
  /**
   * Signed outgoing webhooks (decision 055): hosts a webhook may reach although they are private,
   * loopback or plain http in production, as "host" (any port) or "host:port", comma-separated. For
   * tests (a receiver on 127.0.0.1) and for a brand's internal receiver on a trusted network only;
   * empty by default, so every endpoint must be a public https address.
   */
  WEBHOOK_ALLOW_HOSTS: list,
  /** How long one webhook delivery may take, DNS, connection and answer together, in milliseconds. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
  /**
   * Klaviyo's API host (decision 056): creators' list sync talks to {url}/api/…. The default is
   * Klaviyo's own; tests point it at a fake on 127.0.0.1.
   */
  KLAVIYO_API_URL: z
    .string()
    .default("https://a.klaviyo.com")
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), { message: "must be an http or https URL" }),
  /**
   * Mailchimp's API host (decision 056). Unset: https://<dc>.api.mailchimp.com, the data centre taken
   * from each creator's key (the part after the dash, e.g. us21). Set: every key talks to this host
   * ({url}/3.0/…), which is what tests do with their fake on 127.0.0.1.
   */
  MAILCHIMP_API_URL: optional.refine((value) => value === undefined || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)), {
    message: "must be an http or https URL",
  }),
  /**
   * Object storage (decision 058): with S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY
   * all set, every file the app keeps (uploads, AI designs, resized images, mockups, share cards,
   * posters, frozen entry lists) goes to this bucket through the S3 API, so any number of instances
   * serve the same files. All unset: files stay under DATA_DIR on the local disk. Some set and some
   * not: the server refuses to start.
   */
  S3_BUCKET: optional,
  /** The bucket's region, e.g. "eu-west-1" ("auto" or "us-east-1" for most S3-compatible services). */
  S3_REGION: optional,
  /**
   * An S3-compatible service's endpoint (MinIO, Cloudflare R2, Backblaze B2, ...), e.g.
   * "https://<account>.r2.cloudflarestorage.com". Unset: Amazon S3. When set, buckets are addressed
   * by path (https://endpoint/bucket/key), which every S3-compatible service understands.
   */
  S3_ENDPOINT: optional.refine((value) => value === undefined || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)), {
    message: "must be an http or https URL",
  }),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  /**
   * The bearer token Prometheus sends to scrape /metrics (decision 084). Unset: /metrics is not
   * served (404).
   */
  METRICS_TOKEN: optional,
  /** Unset: the test checkout is on outside production (without Stripe keys) and off in production. */
  TEST_CHECKOUT: optional.refine((value) => value === undefined || value === "true" || value === "false", {
    message: 'must be "true" or "false"',
  }),
});

export type Config = z.infer<typeof EnvSchema> & {
  sessionSecret: string;
  /** 64 hex characters, as remix-auth-totp requires; derived so one secret serves both. */
  totpSecret: string;
  isProduction: boolean;
  googleEnabled: boolean;
  /** Stripe Checkout takes payments. */
  stripeEnabled: boolean;
  /** TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are all set (decision 094). */
  twilioEnabled: boolean;
  /** Without Stripe, the built-in TEST MODE checkout takes (pretend) payments. */
  testCheckoutEnabled: boolean;
  /** The bucket files are kept in (decision 058), or null: the local disk under DATA_DIR. */
  objectStorage: ObjectStorageConfig | null;
};

export interface ObjectStorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible service's endpoint (path-style addressing); undefined for Amazon S3. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The variables object storage needs together (S3_ENDPOINT is optional). */
export const OBJECT_STORAGE_VARIABLES = ["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** The bucket when its variables are all set, null when none is; a ConfigError naming what is missing otherwise. */
function objectStorageConfig(env: z.infer<typeof EnvSchema>): ObjectStorageConfig | null {
  const missing = OBJECT_STORAGE_VARIABLES.filter((name) => !env[name]);
  if (missing.length === OBJECT_STORAGE_VARIABLES.length && !env.S3_ENDPOINT) return null;
  const { S3_BUCKET: bucket, S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!bucket || !region || !accessKeyId || !secretAccessKey) {
    throw new ConfigError(
      `Object storage needs ${OBJECT_STORAGE_VARIABLES.join(", ")} together (S3_ENDPOINT is optional); ${missing.join(", ")} ${
        missing.length === 1 ? "is" : "are"
      } not set. Unset them all to keep files on the local disk under DATA_DIR.`,
    );
  }
  return { bucket, region, endpoint: env.S3_ENDPOINT, accessKeyId, secretAccessKey };
}

/**
 * The files in DATA_DIR that hold the keys generated outside production when their variable is unset.
 * The backup keeps them (with the variables' values) in its keys file, apart from the archive; the
 * restore writes them back (decision 086).
 */
export const LOCAL_SECRET_FILES = { SESSION_SECRET: "session-secret", ENCRYPTION_KEY: "encryption-key" } as const;

/**
 * DATA_DIR as the app reads it, and nothing else: the backup and restore scripts (decision 086) need the
 * folder without getConfig(), which would generate a session secret into it.
 */
export function dataDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return EnvSchema.shape.DATA_DIR.parse(env.DATA_DIR);
}

/** A random 32-byte hex secret kept in DATA_DIR/<name>, made on first use (outside production). */
export function readOrCreateLocalSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("hex");
    // "wx" so two processes starting together keep one secret.
    try {
      fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}

/** A session secret shorter than this is refused in production: it could be guessed. */
export const MIN_SESSION_SECRET_LENGTH = 32;

/** A configuration the server cannot start with; server/index.js prints its one-line message and exits. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

let cached: Config | undefined;

export function getConfig(): Config {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration: ${problems.join("; ")}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  if (isProduction && !env.SESSION_SECRET) {
    throw new ConfigError(
      `SESSION_SECRET is required in production: a random string of at least ${MIN_SESSION_SECRET_LENGTH} characters (generate one with \`openssl rand -hex 32\`).`,
    );
  }
  if (isProduction && env.SESSION_SECRET && env.SESSION_SECRET.length < MIN_SESSION_SECRET_LENGTH) {
    throw new ConfigError(
      `SESSION_SECRET is too short for production: it needs at least ${MIN_SESSION_SECRET_LENGTH} characters and has ${env.SESSION_SECRET.length} (generate one with \`openssl rand -hex 32\`).`,
    );
  }
  // Without the webhook secret no payment would ever activate a campaign: refuse to start instead.
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError("STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (the signing secret of the webhook endpoint).");
  }
  const objectStorage = objectStorageConfig(env);
  const sessionSecret = env.SESSION_SECRET ?? readOrCreateLocalSecret(env.DATA_DIR, LOCAL_SECRET_FILES.SESSION_SECRET);
  const stripeEnabled = Boolean(env.STRIPE_SECRET_KEY);
  if ([env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM].filter(Boolean).length % 3 !== 0) {
    throw new ConfigError(
      "TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together: set all three to send SMS, or none to keep SMS in the outbox.",
    );
  }
  cached = {
    ...env,
    sessionSecret,
    totpSecret: createHash("sha256").update(`totp:${sessionSecret}`).digest("hex"),
    isProduction,
    googleEnabled: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    stripeEnabled,
    twilioEnabled: Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM),
    // In production a pretend checkout would launch campaigns unpaid, so it must be asked for.
    testCheckoutEnabled: !stripeEnabled && (env.TEST_CHECKOUT === "true" || (!isProduction && env.TEST_CHECKOUT !== "false")),
    objectStorage,
  };
  return cached;
}

/** Tests change the environment between cases. */
export function resetConfigForTests() {
  cached = undefined;
}
