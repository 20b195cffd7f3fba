import type { syncEn } from "./sync-en.ts";

export const syncZh: Record<keyof typeof syncEn, string> = {
  title: "同步",
  intro:
    "通过 CouchDB 数据库与你的其他设备同步对话。对话在离开此设备前用你的口令加密；服务器永远看不到内容。",
  server: "同步服务器",
  serverHelp: "CouchDB 数据库的 URL，例如 https://couch.example.com/parley",
  username: "同步用户名",
  password: "同步密码",
  passphrase: "同步口令",
  passphraseHelp:
    "请在每台设备上使用相同的口令。它只保存在此标签页的内存中：重新加载后需再次输入。",
  turnOn: "开启同步",
  turnOff: "关闭同步",
  pause: "暂停同步",
  resume: "继续同步",
  retryNow: "立即重试",
  off: "同步已关闭。所有内容都保留在此设备上。",
  unlocking: "正在用你的口令解锁…",
  syncing: "正在同步…",
  synced: "已同步",
  offline: "离线：无法连接同步服务器。Parley 会持续重试；在此之前你的更改保存在本设备上。",
  paused: "同步已暂停。在你继续之前，更改保存在本设备上。",
  wrong_passphrase:
    "口令错误：此数据库是用另一个口令设置的。请输入你其他设备上的口令；没有写入任何内容。",
  unauthorized: "服务器拒绝了用户名或密码（401）。请检查后再次开启同步。",
  forbidden: "此用户无权使用该数据库（403）。请让服务器管理员把该用户设为数据库成员。",
  too_large:
    "服务器因文档过大而拒绝（413）。请在 CouchDB 中调高 max_document_size 或 max_http_request_size；本设备上没有丢失任何内容。",
  no_database: "此地址没有数据库（404）。请在服务器上创建它（或检查 URL），然后再次开启同步。",
  invalid_meta: "服务器上的同步数据已损坏或不属于 Parley。请使用另一个数据库；没有写入任何内容。",
  newer_version: "此数据库由较新版本的 Parley 设置。请在此设备上更新 Parley 后再同步。",
  rolled_back:
    "服务器上的数据比本设备上次同步时少（从较旧的备份恢复，或数据库被删除后重新创建）。没有发送或更改任何内容。要把本设备的对话重新放到服务器上，请使用一个新的空数据库开启同步。",
  stale_document:
    "服务器发来的某条记录比本设备上的版本旧（从较旧的备份恢复，或被他人改动）。它没有被采用，同步已停止。再次开启同步会把本设备的版本发回服务器；也可以使用一个新的空数据库。",
  local_full:
    "本设备的存储空间已满，同步无法保存它的副本。没有丢失任何内容：你的对话仍在本设备上。请腾出一些空间（删除不再需要的对话或附件），然后再次开启同步。",
  server_full:
    "同步服务器的存储空间已满（507）。没有丢失任何内容：本设备保留你的更改，Parley 会继续重试。请在服务器上腾出空间，或请管理员扩容。",
  invalid_url: "请以 https:// 开头的 URL 输入同步服务器（本地服务器可用 http://）。",
  failed: "同步因意外错误而停止。你的对话在本设备上是安全的；请再次开启同步。",
};
