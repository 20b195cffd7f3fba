import type { storageEn } from "./storage-en.ts";

export const storageZh: Record<keyof typeof storageEn, string> = {
  unavailable:
    "当前没有保存任何内容：此浏览器不允许 Parley 存储数据（无痕窗口或存储被阻止）。关闭此标签页前请导出你的对话。",
  outdated:
    "较新版本的 Parley 已在此保存了数据。请重新加载此标签页以更新 Parley 并继续保存；在此之前这里的更改不会被保存。",
  blocked:
    "另一个旧版本的 Parley 标签页使此标签页无法更新已存储的对话。请关闭其他 Parley 标签页；之后此标签页会自动加载对话。",
  reload: "重新加载",
  loadFailed: "无法加载已保存的对话（{message}）。已存储的内容没有任何改动。请重新加载页面再试。",
  quota:
    "存储空间已满，最近的更改未能保存。屏幕上的对话仍可继续使用。请先下载一份副本，再删除旧对话以释放空间。",
  downloadAll: "下载全部内容的副本",
  oldest: "最早的对话",
  deleteOne: "删除 {title}",
  damaged:
    "部分已存储的数据无法读取。这些数据已被单独保存，其余内容均已加载；你可以在设置中下载它们。",
  downloadDamaged: "下载无法读取的数据",
  failed: "保存失败（{message}）。对话仍显示在屏幕上；请导出一份副本，然后重新加载页面。",
  dismiss: "关闭",
  untitled: "未命名",
  persistent: "已持久存储：浏览器不会为释放空间而清除这些数据。",
  notPersistent: "未持久存储：磁盘空间不足时浏览器可能会清除这些数据。请不时导出备份。",
  notSaving: "此标签页中没有保存任何内容。",
  autoDelete: "自动删除超过以下天数未动过的对话（天）",
  autoDeleteHelp: "0 表示全部保留。置顶的对话始终保留。",
  damagedTitle: "无法读取的数据",
  damagedNone: "无：所有已存储的记录都能读取。",
  discard: "丢弃 {key}",
  messages: "{count} 条消息",
  answeringElsewhere: "正在另一个标签页中回答…",
  reading: "正在读取对话…",
};
