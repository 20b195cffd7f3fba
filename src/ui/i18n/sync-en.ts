/** The words of Settings → Sync (keys `sync.*` of the dictionary). */
export const syncEn = {
  title: "Sync",
  intro:
    "Sync your conversations with your other devices through a CouchDB database. They are encrypted with your passphrase before they leave this device; the server never sees them.",
  server: "Sync server",
  serverHelp: "A CouchDB database URL, e.g. https://couch.example.com/parley",
  username: "Sync username",
  password: "Sync password",
  passphrase: "Sync passphrase",
  passphraseHelp:
    "Use the same passphrase on every device. It is kept only in this tab's memory: after a reload, enter it again.",
  turnOn: "Turn on sync",
  turnOff: "Turn off sync",
  pause: "Pause sync",
  resume: "Resume sync",
  retryNow: "Retry now",
  off: "Sync is off. Everything stays on this device.",
  unlocking: "Unlocking with your passphrase…",
  syncing: "Syncing…",
  synced: "Synced",
  offline:
    "Offline: the sync server cannot be reached. Parley keeps trying; your changes are kept here until then.",
  paused: "Sync is paused. Your changes are kept here until you resume.",
  wrong_passphrase:
    "Wrong passphrase: this database was set up with another one. Enter the passphrase of your other devices; nothing was written.",
  unauthorized:
    "The server refused the username or password (401). Check them and turn on sync again.",
  forbidden:
    "This user may not use this database (403). Ask the server's administrator to make the user a member of it.",
  too_large:
    "The server refused a document as too big (413). Raise max_document_size or max_http_request_size in CouchDB; nothing was lost here.",
  no_database:
    "There is no database at this address (404). Create it on the server (or check the URL), then turn on sync again.",
  invalid_meta:
    "The sync data on the server is damaged or not Parley's. Use another database; nothing was written.",
  newer_version:
    "This database was set up by a newer Parley. Update Parley on this device to sync.",
  rolled_back:
    "The server holds less than when this device last synced with it (restored from an older backup, or the database was deleted and created again). Nothing was sent or changed here. To put this device's conversations on a server again, turn on sync with a new, empty database.",
  stale_document:
    "The server sent an older version of a record than this device holds (restored from an older backup, or changed by someone). It was not applied, and sync stopped. Turn on sync again to send this device's version back, or use a new, empty database.",
  local_full:
    "This device's storage is full, so sync could not keep its copy. Nothing was lost: your conversations are still here. Free some space (delete conversations or attachments you no longer need), then turn on sync again.",
  server_full:
    "The sync server is out of storage (507). Nothing was lost: this device keeps your changes and Parley keeps trying. Free space on the server, or ask its administrator for more.",
  invalid_url:
    "Enter the sync server as a URL that starts with https:// (or http:// for a local server).",
  failed:
    "Sync stopped because of an unexpected error. Your conversations are safe here; turn on sync again.",
};
