// Numbers that are rules, in one place. Login numbers come from decisions.md "Login".
export const LOGIN = {
  codeLength: 6,
  codeTtlSeconds: 5 * 60,
  maxWrongTriesPerCode: 5,
  // Failed tries at codes issued to one phone, per IP, per 24 h: keyed by phone *and* IP so that
  // strangers cannot lock the owner out (docs/decisions/002).
  maxFailuresPerPhonePerIpPerDay: 10,
  resendCooldownSeconds: 30,
  // Codes one network may have sent to one phone (per hour, per day): keyed by phone *and* IP, so
  // a stranger who asks for codes to someone's phone uses up their own allowance, not the owner's.
  maxCodesPerPhonePerHour: 5,
  maxCodesPerPhonePerDay: 10,
  // Codes to one phone from every network together, per day: the cap on texts to one number.
  maxCodesPerPhoneAllNetworksPerDay: 20,
  maxCodesPerIpPerHour: 30,
  maxFailuresPerIpPerHour: 60,
} as const;

export const SESSION = {
  ttlDays: 30,
  cookieName: 'sid',
  /**
   * The user a tab believes is signed in, sent with its API calls (and as `?as=` on the socket's
   * handshake): the browser's one cookie may belong to someone who signed in since in another
   * tab, and the server refuses to act for them on that tab's behalf (decision 028, session 23).
   */
  userHeader: 'x-nearhire-user',
} as const;

export const PAGE_SIZE = 20;

// Chat sizes. Here and not beside the chat's zod schemas: the chat screen needs them when it
// starts, and a module of schemas costs its construction to every screen that imports a number
// from it (decision 024).
/** The longest message, in characters. */
export const MESSAGE_MAX = 2000;
/** Messages per page of a room's history (the newest page, then older pages on scroll). */
export const MESSAGES_PAGE = 200;
/** Conversations per page of a chat list (more load on scroll). */
export const CHAT_LIST_PAGE = 30;
export const INTRODUCTION_MAX = 500;
export const ONBOARDING_STEPS = { recruiter: 4, user: 6 } as const;
export const TOAST = { durationMs: 4000, visible: 3 } as const;

/**
 * Limits that stop harvesting and spam (decisions.md "Limits per account and per IP"; the table
 * in docs/security.md explains each). Per account and per IP, kept in the database so every
 * server instance shares them; lower while a recruiter's company is not verified. `perDay` is at
 * most that many in any 24 hours (a rolling window); `perMinute` and `perHour` are token buckets:
 * that many on average, at most `burst` at once.
 */
export const TRUST_LIMITS = {
  /** Distinct candidate profiles a recruiter opens per day. */
  candidateViews: { verified: 300, unverified: 50, perIpPerDay: 1000 },
  /** Resume links a recruiter asks for per day. */
  resumeLinks: { verified: 100, unverified: 20, perIpPerDay: 300 },
  /** New conversations a recruiter starts per day. */
  newConversations: { verified: 200, unverified: 20, perIpPerDay: 400 },
  /** New conversations a seeker starts per day (one per job applied to: generous for a search,
   * not a way to fill recruiters' lists). */
  seekerConversations: { perDay: 60, perIpPerDay: 400 },
  /** Chat messages a user writes (HTTP and WebSocket alike). */
  messages: { perMinute: 20, burst: 10, perIpPerMinute: 120 },
  /** Different office e-mail addresses a recruiter may send a verification code to per day. */
  verificationAddressesPerDay: 5,
  /** Reports one user may file per day (a report queue is not a way to harass). */
  reportsPerDay: 20,
  /** Files (photos, logos, resumes) a user uploads: each costs image work and storage. */
  uploads: { perHour: 30, burst: 10, perIpPerHour: 200 },
} as const;

/**
 * The realtime connection's heartbeat (docs/decisions/015). The web app pings every
 * `clientPingEveryMs` and gives up on a socket whose pong is `pongTimeoutMs` late; the server
 * sweeps every `sweepEveryMs`, sends a protocol ping (browsers answer it themselves, even in a
 * background tab whose timers are throttled) and ends any socket that has sent nothing — no
 * frame, no ping, no pong — for over `idleTimeoutMs`, so a phone that lost its network stops
 * showing as online.
 */
export const REALTIME = {
  clientPingEveryMs: 25_000,
  pongTimeoutMs: 10_000,
  idleTimeoutMs: 60_000,
  sweepEveryMs: 15_000,
  /** Close code of a server restart (RFC 6455 "Service Restart"): the web app reconnects at once. */
  restartCloseCode: 1012,
  /** The web app's reconnect after a restart waits a random 0..this, so clients do not stampede. */
  restartJitterMs: 1_000,
  /**
   * Live sockets of one account on one instance (one a tab): more is refused at the handshake
   * (429), so one session cannot hold hundreds of sockets and their presence work. Per account,
   * not per address: many people share one address behind a mobile carrier's NAT.
   */
  maxSocketsPerUser: 10,
} as const;

/** Shutdown and overload (docs/decisions/015). */
export const OPERATIONS = {
  /** SIGTERM: requests in flight get this long to finish before their connections are cut. */
  shutdownDeadlineMs: 10_000,
  /** Sockets told "restarting" get this long to close on their own before they are cut. */
  socketCloseGraceMs: 2_000,
  /** /api/ready gives the database and Redis this long to answer. */
  readyTimeoutMs: 2_000,
  /** Shed load (503 + Retry-After) when the event loop lags by more than this on average… */
  maxEventLoopDelayMs: 1_000,
  /** …or the heap holds more than this share of its limit. */
  maxHeapShare: 0.9,
  /** Seconds a shed client is asked to wait (Retry-After). */
  retryAfterSeconds: 5,
} as const;

/**
 * Push and SMS reach (issue 14, docs/decisions/016). The SMS wait after an unread message is
 * configurable (NOTIFY_SMS_AFTER_MINUTES, default `smsAfterMinutes`); the rest are rules.
 */
export const NOTIFICATIONS = {
  /** A message still unread this long sends the SMS fallback (default of the setting). */
  smsAfterMinutes: 30,
  /** At most one SMS per conversation and recipient in this many hours. */
  smsEveryHours: 12,
  /** No SMS from this hour (IST) until `quietEndHourIst`: deferred to the end instead. */
  quietStartHourIst: 21,
  quietEndHourIst: 9,
  /** Browsers (push subscriptions) kept per user; the oldest beyond this are dropped. */
  subscriptionsPerUser: 10,
  /** A push message the push service cannot deliver within this long is dropped (TTL header). */
  pushTtlSeconds: 24 * 3600,
  /** Characters of a message shown in its notification. */
  pushBodyChars: 140,
  /** Characters of a name in an SMS (a DLT template variable holds 30). */
  smsNameChars: 30,
  /** Failed sends are retried after 30 s, 1, 2, 4... minutes, at most an hour apart… */
  retryBaseMs: 30_000,
  retryMaxMs: 3_600_000,
  /** …and a job fails for good after this many attempts. */
  maxAttempts: 8,
  /** Default lease of a claimed job (NOTIFY_LEASE_SECONDS): after it, another worker may take it. */
  leaseSeconds: 60,
} as const;

/** The web app's offer to turn notifications on (issue 14, docs/decisions/017). */
export const PUSH_PROMPT = {
  /** "Not now" hides the offer on this device for this long. */
  snoozeDays: 14,
} as const;

/** The public job pages, the sitemap and the salary guide (issue 17, docs/decisions/027). */
export const PUBLIC_PAGES = {
  /** Public API reads per client address: a token bucket, like the other per-IP limits. */
  readsPerIpPerMinute: 120,
  readsBurst: 60,
  /** URLs per sitemap file (the protocol's maximum); an index lists the files when there are more. */
  sitemapUrlsPerFile: 50_000,
  /** Rows read per statement while a sitemap file is written (keyset batches, never all at once). */
  sitemapBatch: 2_000,
  /** The salary guide and the filters' counts are one aggregate, kept this long per instance. */
  statsCacheSeconds: 600,
  /** Cities offered in the city filter and the salary guide: those with the most open jobs. */
  topCities: 40,
  /** Open jobs shown under each company on /companies. */
  jobsPerCompany: 3,
  /** How long an open job is said to stay valid (JSON-LD validThrough), counted from today. */
  openJobValidDays: 30,
} as const;
