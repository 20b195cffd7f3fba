/** The words of attaching files (keys `attach.*` of the dictionary). */
export const attachEn = {
  button: "Attach files",
  list: "Attachments",
  remove: "Remove {name}",
  reading: "Reading {n} {n|file|files}…",
  sendsWhenRead: "Sends once the files are read…",
  tooMany: "{name} was not attached: a message carries at most {max} files. Send these first.",
  tooLarge:
    "{name} was not attached: it is {size}, and the most accepted is {max}. Attach a smaller file.",
  unsupported:
    "{name} was not attached: its type is not accepted. Attach PNG, JPEG, WebP or GIF images, PDFs, or text and code files.",
  svg: "{name} was not attached: SVG pictures can carry script. Attach it as PNG instead.",
  notUtf8: "{name} was not attached: it is not UTF-8 text. Save it as UTF-8 and attach it again.",
  imageUnreadable:
    "{name} was not attached: the picture could not be read. Save it as PNG or JPEG and attach it again.",
  pdfUnreadable:
    "{name} was not attached: its text could not be read. Copy the text into a .txt file and attach that.",
  notStored:
    "{name} was not attached: it could not be stored ({reason}). Free some space and attach it again.",
  attachedDropped: "Attached {names} to your message.",
  noVision:
    "{model} cannot read images, so nothing was sent. Pick a model that reads images, or remove the images.",
  imageGone: "This image is no longer stored.",
} as const;
