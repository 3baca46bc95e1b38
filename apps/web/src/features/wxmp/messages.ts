import { addMessages } from '../../shared/i18n';
import '../../shared/resource/messages';

/** Texts of the messaging-account screens and components (key `wxmp`). */
addMessages(
  'wxmp',
  {
    common: {
      accounts: '公众号名称', filter: '输入关键字进行过滤', noAccount: '暂无公众号，请先在公众号配置中添加', selectAccount: '请先在左侧选择公众号',
      empty: '暂无数据', choose: '选择', download: '下载', view: '查看', delete: '删除', edit: '编辑', ok: '确定', cancel: '取消',
      confirmDelete: '确定删除吗?', deleted: '删除成功', saved: '保存成功', copied: '已复制', actions: '操作', name: '名称',
      mediaId: 'media_id', updateTime: '更新时间', uploadError: '上传出错：{{msg}}', uploaded: '上传成功', onlyOne: '一次只能上传一个文件',
      total: '共 {{total}} 条', refresh: '刷新', search: '搜索', reset: '清空',
    },
    account: {
      name: '公众号名称', weixinType: '公众号类型', verifyType: '认证类型', weixinSign: '微信原始ID', appId: 'AppID', secret: 'AppSecret',
      token: 'Token', aesKey: 'EncodingAESKey', msgMode: '消息加解密方式', logo: 'Logo', principalName: '主体名称', remarks: '备注',
      createTime: '创建时间', secretHelp: '显示的是打码后的值；不修改则保持原值', tokenRule: 'Token 必须为3-32位字母或数字',
      aesKeyRule: 'EncodingAESKey 必须为43位字母或数字', appIdRule: 'AppID 只能包含字母、数字、下划线和横线', logoRule: 'Logo 地址必须以 http:// 或 https:// 或 / 开头',
      access: '接入系统', accessTitle: '接入系统：{{name}}', accessHelp: '在公众号平台的“基本配置 → 服务器配置”中填写以下内容，然后启用服务器配置。',
      url: '服务器地址(URL)', accessToken: '查看access-token', accessTokenTitle: '当前 access_token：{{name}}',
      types: { '0': '订阅号', '1': '老帐号升级后的订阅号', '2': '服务号' },
      verify: {
        '-1': '未认证', '0': '微信认证', '1': '新浪微博认证', '2': '腾讯微博认证', '3': '已资质认证，未名称认证',
        '4': '已资质认证，未名称认证，新浪微博认证', '5': '已资质认证，未名称认证，腾讯微博认证',
      },
      modes: { plain: '明文模式', compatible: '兼容模式', safe: '安全模式' },
    },
    follower: {
      headimgUrl: '头像', nickName: '昵称', subscribe: '是否订阅', openId: 'openId', subscribeScene: '关注渠道', subscribeTime: '关注时间',
      language: '语言', tags: '标签', remark: '备注', tag: '标签',
      sync: '同步用户', syncConfirm: '同步用户需要一定时间，请耐心等待，勿重复提交。确定同步吗?', syncing: '正在从公众号平台同步用户…',
      syncDone: '同步完成，共 {{total}} 个用户', syncFailed: '同步失败：{{msg}}',
      tagging: '打标签', untagging: '去除标签', taggingTitle: '请选择要打的标签', untaggingTitle: '请选择要去除的标签', chooseTags: '请选择标签',
      selectRows: '请先勾选用户', selected: '已选 {{n}} 个用户', done: '操作成功', editRemark: '修改备注', remarkMax: '备注不能超过30个字符',
      states: { '1': '已关注', '0': '取消关注', '2': '网页授权用户' },
      scenes: {
        ADD_SCENE_SEARCH: '公众号搜索', ADD_SCENE_ACCOUNT_MIGRATION: '公众号迁移', ADD_SCENE_PROFILE_CARD: '名片分享', ADD_SCENE_QR_CODE: '扫描二维码',
        ADD_SCENE_PROFILE_LINK: '图文页内名称点击', ADD_SCENE_PROFILE_ITEM: '图文页右上角菜单', ADD_SCENE_PAID: '支付后关注', ADD_SCENE_OTHERS: '其他',
      },
    },
    tag: { id: '标签ID', name: '标签名称', count: '用户数', nameMax: '标签名长度不能超过30个字符' },
    material: {
      image: '图片', voice: '语音', video: '视频', news: '图文',
      uploadImage: '上传图片', uploadVoice: '上传语音', imageHint: '支持bmp/png/jpeg/jpg/gif格式，大小不超过2M',
      voiceHint: '格式支持mp3/wma/wav/amr，文件大小不超过2M，播放长度不超过60s', videoHint: '格式支持MP4，文件大小不超过10M',
      newVideo: '新建视频', videoTitle: '标题', videoIntro: '描述', chooseVideo: '选择视频', titleRequired: '请输入标题', introRequired: '请输入描述',
      fileRequired: '请选择视频文件', videoType: '上传视频格式不对!', videoSize: '上传视频大小不能超过10M!', detail: '视频详情',
      description: '描述', downUrl: '下载地址', play: '播放', addNews: '新增图文', editNews: '编辑图文',
    },
    news: {
      article: '第{{n}}篇', addArticle: '添加一篇', maxArticles: '一条图文最多8篇文章', removeArticle: '删除本篇', moveUp: '上移', moveDown: '下移',
      title: '标题', cover: '封面', pickCover: '从图片素材选择', author: '作者', digest: '摘要', content: '正文', sourceUrl: '原文地址',
      untitled: '（无标题）', coverRequired: '请选择封面图片', contentRequired: '请填写正文', titleRequired: '请填写标题',
      authorMax: '作者不能超过8个字符', digestMax: '摘要不能超过120个字符', invalid: '第{{n}}篇：{{msg}}',
      bold: '加粗', italic: '斜体', underline: '下划线', list: '列表', link: '插入链接', insertImage: '插入图片', clear: '清除格式',
      linkPrompt: '请输入链接地址（http:// 或 https:// 开头）', contentPlaceholder: '在这里输入正文',
    },
    reply: {
      text: '文本', image: '图片', voice: '语音', video: '视频', news: '图文', music: '音乐',
      fromLibrary: '素材库选择', upload: '上传', textPlaceholder: '请输入回复内容', remove: '删除', pick: '选择{{type}}',
      musicTitle: '标题', musicDesc: '描述', musicUrl: '音乐链接', hqUrl: '高质量音乐链接', thumb: '缩略图',
      videoTitle: '标题', videoDesc: '描述', oneNewsOnly: '公众号平台只允许回复一条图文消息，已保留第一篇',
      missing: { text: '请输入回复内容', image: '请选择图片', voice: '请选择语音', video: '请选择视频', news: '请选择图文', music: '请填写音乐链接', musicThumb: '请选择音乐的缩略图' },
    },
    picker: { title: '选择{{type}}素材' },
  },
  {
    common: {
      accounts: 'Accounts', filter: 'Filter by keyword', noAccount: 'No account yet: add one under account configuration', selectAccount: 'Select an account on the left',
      empty: 'No data', choose: 'Choose', download: 'Download', view: 'View', delete: 'Delete', edit: 'Edit', ok: 'OK', cancel: 'Cancel',
      confirmDelete: 'Delete it?', deleted: 'Deleted', saved: 'Saved', copied: 'Copied', actions: 'Actions', name: 'Name',
      mediaId: 'media_id', updateTime: 'Updated', uploadError: 'Upload failed: {{msg}}', uploaded: 'Uploaded', onlyOne: 'One file at a time',
      total: '{{total}} in total', refresh: 'Refresh', search: 'Search', reset: 'Reset',
    },
    account: {
      name: 'Account name', weixinType: 'Account type', verifyType: 'Verification', weixinSign: 'Original ID', appId: 'AppID', secret: 'AppSecret',
      token: 'Token', aesKey: 'EncodingAESKey', msgMode: 'Message mode', logo: 'Logo', principalName: 'Principal', remarks: 'Remarks',
      createTime: 'Created', secretHelp: 'Shown masked; leave it unchanged to keep the stored value', tokenRule: 'The token is 3 to 32 letters or digits',
      aesKeyRule: 'The EncodingAESKey is 43 letters or digits', appIdRule: 'The AppID has letters, digits, underscores and hyphens only', logoRule: 'The logo address begins with http://, https:// or /',
      access: 'Connect', accessTitle: 'Connect: {{name}}', accessHelp: 'Enter these values in the platform under Basic configuration → Server configuration, then enable it.',
      url: 'Server URL', accessToken: 'Access token', accessTokenTitle: 'Current access_token: {{name}}',
      types: { '0': 'Subscription account', '1': 'Upgraded subscription account', '2': 'Service account' },
      verify: {
        '-1': 'Not verified', '0': 'Verified', '1': 'Sina Weibo verified', '2': 'Tencent Weibo verified', '3': 'Qualified, name not verified',
        '4': 'Qualified, name not verified, Sina Weibo verified', '5': 'Qualified, name not verified, Tencent Weibo verified',
      },
      modes: { plain: 'Plain text', compatible: 'Compatible', safe: 'Safe (encrypted)' },
    },
    follower: {
      headimgUrl: 'Avatar', nickName: 'Nickname', subscribe: 'Subscribed', openId: 'openId', subscribeScene: 'Channel', subscribeTime: 'Subscribed at',
      language: 'Language', tags: 'Tags', remark: 'Remark', tag: 'Tag',
      sync: 'Sync followers', syncConfirm: 'Syncing takes a while; do not submit twice. Sync now?', syncing: 'Syncing followers from the platform…',
      syncDone: 'Sync finished: {{total}} followers', syncFailed: 'Sync failed: {{msg}}',
      tagging: 'Tag', untagging: 'Untag', taggingTitle: 'Choose the tags to add', untaggingTitle: 'Choose the tags to remove', chooseTags: 'Choose tags',
      selectRows: 'Select followers first', selected: '{{n}} selected', done: 'Done', editRemark: 'Edit remark', remarkMax: 'At most 30 characters',
      states: { '1': 'Subscribed', '0': 'Unsubscribed', '2': 'Web authorised' },
      scenes: {
        ADD_SCENE_SEARCH: 'Search', ADD_SCENE_ACCOUNT_MIGRATION: 'Migration', ADD_SCENE_PROFILE_CARD: 'Profile card', ADD_SCENE_QR_CODE: 'QR code',
        ADD_SCENE_PROFILE_LINK: 'Article name', ADD_SCENE_PROFILE_ITEM: 'Article menu', ADD_SCENE_PAID: 'After payment', ADD_SCENE_OTHERS: 'Other',
      },
    },
    tag: { id: 'Tag ID', name: 'Tag name', count: 'Followers', nameMax: 'At most 30 characters' },
    material: {
      image: 'Images', voice: 'Voice', video: 'Video', news: 'News',
      uploadImage: 'Upload image', uploadVoice: 'Upload voice', imageHint: 'bmp/png/jpeg/jpg/gif, under 2M',
      voiceHint: 'mp3/wma/wav/amr, under 2M, at most 60 s long', videoHint: 'MP4, under 10M',
      newVideo: 'New video', videoTitle: 'Title', videoIntro: 'Description', chooseVideo: 'Choose video', titleRequired: 'Enter the title', introRequired: 'Enter the description',
      fileRequired: 'Choose a video file', videoType: 'Wrong video format!', videoSize: 'The video must be smaller than 10M!', detail: 'Video details',
      description: 'Description', downUrl: 'Download URL', play: 'Play', addNews: 'New news', editNews: 'Edit news',
    },
    news: {
      article: 'Article {{n}}', addArticle: 'Add article', maxArticles: 'At most 8 articles', removeArticle: 'Remove article', moveUp: 'Move up', moveDown: 'Move down',
      title: 'Title', cover: 'Cover', pickCover: 'Choose from images', author: 'Author', digest: 'Digest', content: 'Content', sourceUrl: 'Source URL',
      untitled: '(untitled)', coverRequired: 'Choose a cover image', contentRequired: 'Enter the content', titleRequired: 'Enter the title',
      authorMax: 'At most 8 characters', digestMax: 'At most 120 characters', invalid: 'Article {{n}}: {{msg}}',
      bold: 'Bold', italic: 'Italic', underline: 'Underline', list: 'List', link: 'Insert link', insertImage: 'Insert image', clear: 'Clear formatting',
      linkPrompt: 'Link address (beginning with http:// or https://)', contentPlaceholder: 'Write the content here',
    },
    reply: {
      text: 'Text', image: 'Image', voice: 'Voice', video: 'Video', news: 'News', music: 'Music',
      fromLibrary: 'From library', upload: 'Upload', textPlaceholder: 'Enter the reply', remove: 'Remove', pick: 'Choose {{type}}',
      musicTitle: 'Title', musicDesc: 'Description', musicUrl: 'Music URL', hqUrl: 'HQ music URL', thumb: 'Thumbnail',
      videoTitle: 'Title', videoDesc: 'Description', oneNewsOnly: 'The platform allows one news article only; the first is kept',
      missing: { text: 'Enter the reply', image: 'Choose an image', voice: 'Choose a voice clip', video: 'Choose a video', news: 'Choose a news item', music: 'Enter the music URL', musicThumb: 'Choose a thumbnail for the music' },
    },
    picker: { title: 'Choose {{type}}' },
  },
);

/** Texts of the conversation panel and the message list (用户消息 / 全部消息). */
addMessages(
  'wxmp',
  {
    conversation: {
      loadMore: '点击加载更多', noMore: '没有更多了', send: '发送(S)', sendHint: '回复框获得焦点时按 S 键发送',
      voiceExpired: '语音已过期', videoExpired: '视频已过期', videoCannotPlay: '该视频暂时无法播放，请稍后再试', voiceCannotPlay: '该语音暂时无法播放，请稍后再试',
      videoPlaying: '视频播放', playVoice: '播放语音', stopVoice: '停止播放', playVideo: '播放视频', seconds: '{{n}}″',
      failed: '发送失败',
      follower: '用户', account: '公众号', location: '位置', coordinates: '纬度 {{latitude}}，经度 {{longitude}}', openMap: '在地图中查看',
      link: '链接', music: '音乐', news: '图文', shortvideo: '小视频', unknown: '[{{type}}]',
      events: {
        subscribe: '关注', unsubscribe: '取消关注', CLICK: '点击菜单', VIEW: '点击菜单链接', scancode_waitmsg: '扫码结果',
        scancode_push: '扫码推事件', LOCATION: '上报地理位置', location_select: '发送位置', SCAN: '扫码',
      },
    },
    wxmsg: {
      title: '用户消息', repType: '消息类型', type: '消息来源', nickName: '用户', content: '内容', createTime: '时间', readFlag: '是否已读',
      open: '消息', markRead: '标为已读', marked: '已标为已读',
      types: { '1': '粉丝发送', '2': '公众号发送' },
      read: { '1': '是', '0': '否' },
      repTypes: {
        text: '文本', image: '图片', voice: '语音', video: '视频', shortvideo: '小视频', location: '地理位置', link: '链接消息',
        event: '事件推送', news: '图文', music: '音乐',
      },
    },
  },
  {
    conversation: {
      loadMore: 'Click to load more', noMore: 'No more', send: 'Send (S)', sendHint: 'Press S while the reply box has focus to send',
      voiceExpired: 'The voice has expired', videoExpired: 'The video has expired', videoCannotPlay: 'This video cannot be played now, try later', voiceCannotPlay: 'This voice cannot be played now, try later',
      videoPlaying: 'Video playing', playVoice: 'Play voice', stopVoice: 'Stop', playVideo: 'Play video', seconds: '{{n}}″',
      failed: 'Not sent',
      follower: 'Follower', account: 'Account', location: 'Location', coordinates: 'Latitude {{latitude}}, longitude {{longitude}}', openMap: 'Open in map',
      link: 'Link', music: 'Music', news: 'News', shortvideo: 'Short video', unknown: '[{{type}}]',
      events: {
        subscribe: 'Subscribed', unsubscribe: 'Unsubscribed', CLICK: 'Menu click', VIEW: 'Menu link', scancode_waitmsg: 'Scan result',
        scancode_push: 'Scan', LOCATION: 'Location report', location_select: 'Location sent', SCAN: 'Scan',
      },
    },
    wxmsg: {
      title: 'Follower messages', repType: 'Message type', type: 'From', nickName: 'Follower', content: 'Content', createTime: 'Time', readFlag: 'Read',
      open: 'Messages', markRead: 'Mark read', marked: 'Marked read',
      types: { '1': 'Follower', '2': 'Account' },
      read: { '1': 'Yes', '0': 'No' },
      repTypes: {
        text: 'Text', image: 'Image', voice: 'Voice', video: 'Video', shortvideo: 'Short video', location: 'Location', link: 'Link',
        event: 'Event', news: 'News', music: 'Music',
      },
    },
  },
);

/** Texts of 消息自动回复 and 自定义菜单. */
addMessages(
  'wxmp',
  {
    autoreply: {
      tabs: { '1': '关注时回复', '2': '消息回复', '3': '关键词回复' },
      reqType: '请求消息类型', repType: '回复消息类型', reqKey: '关键词', repMate: '匹配类型', reply: '回复内容', summary: '回复内容',
      repMates: { '1': '全匹配', '2': '半匹配' },
      repMateHelp: '全匹配：消息与关键词完全相同；半匹配：消息包含关键词',
      reqTypes: { text: '文本', image: '图片', voice: '语音', video: '视频', shortvideo: '小视频', location: '地理位置', link: '链接消息' },
      subscribeOnlyOne: '关注时回复只能有一条，可修改已有的回复',
      keyMax: '关键词不能超过64个字符',
    },
    menu: {
      selectHint: '请选择菜单配置', name: '菜单名称', type: '菜单类型', url: '网页地址', appid: '小程序 appid', pagepath: '小程序页面路径',
      fallbackUrl: '备用网页', fallbackHelp: '不支持小程序的老版本客户端将打开本网页', reply: '回复内容', scanReplyHelp: '扫码后回复的消息（可不填）',
      nameHint: '不超过{{chinese}}个汉字或{{width}}个字母',
      types: {
        click: '点击回复', view: '跳转网页', miniprogram: '跳转小程序', scancode_push: '扫码推事件', scancode_waitmsg: '扫码带提示',
        pic_sysphoto: '系统拍照发图', pic_photo_or_album: '拍照或者相册发图', pic_weixin: '微信相册发图', location_select: '发送位置',
      },
      typeHelp: {
        scancode_push: '用户扫码后显示扫描结果（如网址则打开），并把扫码结果推送给公众号',
        pic_sysphoto: '用户点击后调起系统相机，拍照后把照片发送给公众号',
        pic_photo_or_album: '用户点击后选择拍照或从相册选图，发送给公众号',
        pic_weixin: '用户点击后调起微信相册，选图后发送给公众号',
        location_select: '用户点击后调起地理位置选择，把所选位置发送给公众号',
      },
      addTop: '添加菜单', addSub: '添加子菜单', newTop: '菜单名称', newSub: '子菜单名称',
      remove: '删除当前菜单', removeConfirm: '确定删除该菜单吗？其子菜单也会一并删除',
      moveLeft: '左移', moveRight: '右移', moveUp: '上移', moveDown: '下移',
      publish: '保存并发布菜单', publishConfirm: '确定要保存并发布该菜单吗?', published: '发布成功',
      deletePlatform: '删除菜单', deleteConfirm: '确定要删除公众号平台上的菜单吗？删除后粉丝将看不到菜单', deleted: '删除成功',
      reload: '放弃修改', unsaved: '有未发布的修改',
      top: '一级菜单{{n}}', sub: '二级菜单{{n}}-{{m}}', problem: '{{where}}：{{msg}}',
      nameRequired: '请输入菜单名称', nameTooLong: '菜单名称不能超过{{chinese}}个汉字或{{width}}个字母',
      typeRequired: '请选择菜单类型', appidRequired: '请输入小程序的 appid', pagepathRequired: '请输入小程序的页面路径',
      urlTooLong: '网页地址不能超过1024个字节', maxTop: '一级菜单最多{{n}}个', maxSub: '二级菜单最多{{n}}个', empty: '请至少添加一个菜单',
      hasSubs: '已添加子菜单，一级菜单只需设置名称', phoneTitle: '菜单预览',
    },
  },
  {
    autoreply: {
      tabs: { '1': 'On subscribe', '2': 'Default replies', '3': 'Keyword replies' },
      reqType: 'Message type', repType: 'Reply type', reqKey: 'Keyword', repMate: 'Match', reply: 'Reply', summary: 'Reply',
      repMates: { '1': 'Exact', '2': 'Partial' },
      repMateHelp: 'Exact: the message equals the keyword; partial: the message contains it',
      reqTypes: { text: 'Text', image: 'Image', voice: 'Voice', video: 'Video', shortvideo: 'Short video', location: 'Location', link: 'Link' },
      subscribeOnlyOne: 'There is one reply on subscribe; edit the existing one',
      keyMax: 'At most 64 characters',
    },
    menu: {
      selectHint: 'Select a menu button to configure it', name: 'Name', type: 'Type', url: 'Web page URL', appid: 'Mini program appid', pagepath: 'Mini program page path',
      fallbackUrl: 'Fallback page', fallbackHelp: 'Old clients without mini program support open this page', reply: 'Reply', scanReplyHelp: 'The reply after a scan (optional)',
      nameHint: 'At most {{chinese}} Chinese characters or {{width}} letters',
      types: {
        click: 'Click reply', view: 'Open web page', miniprogram: 'Open mini program', scancode_push: 'Scan (push)', scancode_waitmsg: 'Scan (wait for reply)',
        pic_sysphoto: 'Camera photo', pic_photo_or_album: 'Camera or album', pic_weixin: 'WeChat album', location_select: 'Send location',
      },
      typeHelp: {
        scancode_push: 'The follower scans a code; the result is shown (links open) and sent to the account',
        pic_sysphoto: 'Opens the camera; the photo is sent to the account',
        pic_photo_or_album: 'Opens the camera or the album; the picture is sent to the account',
        pic_weixin: 'Opens the WeChat album; the picture is sent to the account',
        location_select: 'Opens the location picker; the location is sent to the account',
      },
      addTop: 'Add menu', addSub: 'Add sub-menu', newTop: 'Menu', newSub: 'Sub-menu',
      remove: 'Delete this button', removeConfirm: 'Delete this button? Its sub-menus go too',
      moveLeft: 'Move left', moveRight: 'Move right', moveUp: 'Move up', moveDown: 'Move down',
      publish: 'Save and publish', publishConfirm: 'Save and publish this menu?', published: 'Published',
      deletePlatform: 'Delete menu', deleteConfirm: 'Delete the menu on the platform? Followers will no longer see it', deleted: 'Deleted',
      reload: 'Discard changes', unsaved: 'Unpublished changes',
      top: 'Menu {{n}}', sub: 'Sub-menu {{n}}-{{m}}', problem: '{{where}}: {{msg}}',
      nameRequired: 'Enter the name', nameTooLong: 'The name is at most {{chinese}} Chinese characters or {{width}} letters',
      typeRequired: 'Choose the type', appidRequired: 'Enter the mini program appid', pagepathRequired: 'Enter the mini program page path',
      urlTooLong: 'The URL is at most 1024 bytes', maxTop: 'At most {{n}} menus', maxSub: 'At most {{n}} sub-menus', empty: 'Add at least one menu',
      hasSubs: 'This menu has sub-menus: only its name is used', phoneTitle: 'Menu preview',
    },
  },
);
