-- SMS second factor (spec §3 User.sms_mfa_factor, decision 0044): the enrolled number, when it was confirmed,
-- and the one live code (its hash, when it expires, when it was sent: one code a minute, and the wrong tries
-- against it: five and it is gone).
ALTER TABLE users ADD COLUMN sms_phone_number TEXT;
ALTER TABLE users ADD COLUMN sms_enabled_at INTEGER;
ALTER TABLE users ADD COLUMN sms_code_hash TEXT;
ALTER TABLE users ADD COLUMN sms_code_expires_at INTEGER;
ALTER TABLE users ADD COLUMN sms_code_sent_at INTEGER;
ALTER TABLE users ADD COLUMN sms_code_attempts INTEGER NOT NULL DEFAULT 0;

-- Development only: text messages the local Twilio stand-in accepted (shown at /dev/mailbox).
CREATE TABLE dev_text_messages (
  sid TEXT PRIMARY KEY NOT NULL,
  "to" TEXT NOT NULL,
  "from" TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch())
);
