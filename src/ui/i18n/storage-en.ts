/** The words of the storage banner and settings (keys `storage.*` of the dictionary). */
export const storageEn = {
  unavailable:
    "Nothing is being saved: this browser does not let Parley store data (a private window or blocked storage). Export your conversations before you close this tab.",
  outdated:
    "A newer version of Parley has saved data here. Reload this tab to update Parley and keep saving; changes made here are not saved until then.",
  blocked:
    "Another Parley tab, of an older version, keeps this one from updating your stored conversations. Close the other Parley tabs; this tab then loads them by itself.",
  reload: "Reload",
  loadFailed:
    "Your saved conversations could not be loaded ({message}). Nothing stored was changed. Reload the page to try again.",
  quota:
    "Storage is full, so the latest change was not saved. The conversation on screen keeps working. Download a copy, then delete old conversations to free space.",
  downloadAll: "Download a copy of everything",
  oldest: "Oldest conversations",
  deleteOne: "Delete {title}",
  damaged:
    "Some stored data could not be read. It was set aside so everything else could load; you can download it in Settings.",
  downloadDamaged: "Download the unreadable data",
  failed:
    "Saving failed ({message}). The conversation stays on screen; export it to keep a copy, then reload the page.",
  dismiss: "Dismiss",
  untitled: "Untitled",
  persistent: "Stored persistently: the browser will not clear it to free space.",
  notPersistent:
    "Not stored persistently: the browser may clear it when the disk is short of space. Export now and then.",
  notSaving: "Nothing is being saved in this tab.",
  autoDelete: "Delete conversations untouched for (days)",
  autoDeleteHelp: "0 keeps everything. Pinned conversations are always kept.",
  damagedTitle: "Unreadable data",
  damagedNone: "None: every stored record could be read.",
  discard: "Discard {key}",
  messages: "{count} {count|message|messages}",
  answeringElsewhere: "Answering in another tab…",
  reading: "Reading the conversation…",
};
