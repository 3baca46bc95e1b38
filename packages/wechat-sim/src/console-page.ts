/**
 * The follower console: one static page (plain HTML and vanilla JS, no build step) that acts as
 * a follower of an account through the control API and polls what the account sends back.
 * Kept in a TS string so the simulator's bundle carries it. (No backticks or dollar-braces
 * inside: the script uses string concatenation.)
 */
const PAGE = /* html */ `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>公众平台模拟器 · 关注者控制台</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.5 -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; background: #ededed; color: #222; }
  header { display: flex; align-items: center; gap: 12px; padding: 10px 16px; background: #2e3238; color: #fff; flex-wrap: wrap; }
  header h1 { font-size: 16px; margin: 0 12px 0 0; font-weight: 600; }
  header .clock { margin-left: auto; display: flex; gap: 6px; align-items: center; }
  header button { background: #444a52; color: #fff; border: 1px solid #5a6068; }
  main { display: grid; grid-template-columns: 300px minmax(360px, 480px) 1fr; gap: 16px; padding: 16px; align-items: start; }
  section.card { background: #fff; border-radius: 8px; padding: 12px; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
  h2 { font-size: 14px; margin: 0 0 8px; color: #555; }
  button { font: inherit; white-space: nowrap; padding: 4px 10px; border-radius: 4px; border: 1px solid #ccc; background: #fafafa; cursor: pointer; }
  button.primary { background: #07c160; color: #fff; border-color: #07c160; }
  button.danger { color: #d33; }
  button:disabled { opacity: .5; cursor: default; }
  input, select, textarea { font: inherit; padding: 4px 6px; border: 1px solid #ccc; border-radius: 4px; width: 100%; }
  label { display: block; margin: 6px 0 2px; color: #666; font-size: 12px; }
  .row { display: flex; gap: 6px; align-items: center; }
  .muted { color: #888; font-size: 12px; }
  dl { margin: 0; display: grid; grid-template-columns: 72px 1fr; gap: 2px 8px; font-size: 12px; word-break: break-all; }
  dt { color: #888; }
  ul.followers { list-style: none; margin: 8px 0; padding: 0; max-height: 360px; overflow: auto; }
  ul.followers li { display: flex; align-items: center; gap: 8px; padding: 6px; border-radius: 6px; cursor: pointer; }
  ul.followers li:hover { background: #f3f3f3; }
  ul.followers li.active { background: #e6f7ee; }
  ul.followers img { width: 32px; height: 32px; border-radius: 4px; }
  .tag { display: inline-block; font-size: 11px; padding: 0 6px; border-radius: 8px; background: #eee; color: #666; }
  .tag.off { background: #fde2e2; color: #c33; }
  .tag.on { background: #dcf5e7; color: #07a050; }
  .phone { background: #f5f5f5; border-radius: 12px; overflow: hidden; border: 1px solid #ddd; display: flex; flex-direction: column; height: 640px; }
  .phone .title { background: #ededed; text-align: center; padding: 10px; font-weight: 600; border-bottom: 1px solid #ddd; }
  .chat { flex: 1; overflow-y: auto; padding: 12px; }
  .msg { display: flex; gap: 8px; margin: 10px 0; align-items: flex-start; }
  .msg.in { flex-direction: row-reverse; }
  .msg .avatar { width: 36px; height: 36px; border-radius: 4px; background: #ccc; flex: none; object-fit: cover; }
  .bubble { max-width: 75%; background: #fff; padding: 8px 10px; border-radius: 6px; word-break: break-word; white-space: pre-wrap; }
  .msg.in .bubble { background: #95ec69; }
  .bubble img.pic { max-width: 180px; display: block; border-radius: 4px; }
  .bubble video { max-width: 220px; display: block; }
  .bubble .src { display: block; font-size: 11px; color: #999; margin-top: 4px; }
  .news { width: 260px; padding: 0; overflow: hidden; }
  .news img { width: 100%; display: block; }
  .news .t { padding: 8px 10px 2px; font-weight: 600; }
  .news .d { padding: 0 10px 8px; color: #888; font-size: 12px; }
  .system { text-align: center; margin: 8px 0; }
  .system span { background: #dadada; color: #fff; font-size: 12px; padding: 2px 8px; border-radius: 4px; }
  .event { text-align: center; margin: 6px 0; font-size: 12px; color: #999; }
  .composer { border-top: 1px solid #ddd; background: #f7f7f7; padding: 8px; }
  .tabs { display: flex; gap: 4px; flex-wrap: wrap; margin-bottom: 6px; }
  .tabs button.active { background: #07c160; color: #fff; border-color: #07c160; }
  .fields > div { display: none; }
  .fields > div.active { display: block; }
  .menubar { display: flex; border-top: 1px solid #ddd; background: #fff; position: relative; }
  .menubar > div { flex: 1; text-align: center; padding: 10px 4px; border-left: 1px solid #eee; cursor: pointer; position: relative; }
  .menubar > div:first-child { border-left: none; }
  .menubar .sub { position: absolute; bottom: 44px; left: 8%; right: 8%; background: #fff; border: 1px solid #ddd; border-radius: 6px; box-shadow: 0 2px 8px rgba(0,0,0,.12); z-index: 2; }
  .menubar .sub div { padding: 8px; border-top: 1px solid #f0f0f0; }
  .menubar .sub div:first-child { border-top: none; }
  .menubar .sub div:hover, .menubar > div:hover { background: #f7f7f7; }
  #status { font-size: 12px; color: #666; min-height: 18px; margin-top: 6px; white-space: pre-wrap; }
  #status.error { color: #d33; }
  table.log { width: 100%; border-collapse: collapse; font-size: 12px; }
  table.log td, table.log th { border-bottom: 1px solid #eee; padding: 4px; text-align: left; vertical-align: top; }
  .options button { display: block; margin: 4px 0; width: 100%; text-align: left; }
</style>
</head>
<body>
<header>
  <h1>公众平台模拟器 · 关注者控制台</h1>
  <span class="muted" style="color:#bbb">以关注者身份给公众号发消息，查看公众号的回复</span>
  <div class="clock">
    <span>模拟时钟：</span><strong id="clock">-</strong>
    <button data-advance="3600000">+1小时</button>
    <button data-advance="86400000">+1天</button>
    <button data-advance="172800000">+2天</button>
    <button data-advance="259200000">+3天</button>
    <button id="clock-reset">重置</button>
  </div>
</header>
<main>
  <div>
    <section class="card">
      <h2>公众号</h2>
      <select id="account"></select>
      <dl id="account-info" style="margin-top:8px"></dl>
      <div class="row" style="margin-top:8px">
        <button id="verify">接入验证</button>
        <span id="verify-result" class="muted"></span>
      </div>
    </section>
    <section class="card" style="margin-top:16px">
      <h2>关注者</h2>
      <ul class="followers" id="followers"></ul>
      <label for="new-nickname">新关注者昵称</label>
      <div class="row"><input id="new-nickname" placeholder="例如：张三"><button id="subscribe-new" class="primary">关注</button></div>
    </section>
  </div>
  <div>
    <div class="phone">
      <div class="title" id="chat-title">请选择关注者</div>
      <div class="chat" id="chat"></div>
      <div class="menubar" id="menubar"></div>
      <div class="composer">
        <div class="tabs" id="tabs">
          <button data-tab="text" class="active">文字</button>
          <button data-tab="image">图片</button>
          <button data-tab="voice">语音</button>
          <button data-tab="video">视频</button>
          <button data-tab="shortvideo">小视频</button>
          <button data-tab="location">位置</button>
          <button data-tab="link">链接</button>
        </div>
        <div class="fields" id="fields">
          <div data-tab="text" class="active"><textarea id="text-content" rows="2" placeholder="输入消息，回车发送"></textarea></div>
          <div data-tab="image"><select id="image-sample"></select><label>或上传图片</label><input type="file" id="image-file" accept="image/*"></div>
          <div data-tab="voice"><select id="voice-sample"></select><label>语音识别结果（可选）</label><input id="voice-recognition" placeholder="我想订一个包间"></div>
          <div data-tab="video"><select id="video-sample"></select></div>
          <div data-tab="shortvideo"><span class="muted">发送一段示例小视频</span></div>
          <div data-tab="location">
            <div class="row"><input id="loc-lat" value="23.12911" title="纬度"><input id="loc-lng" value="113.264385" title="经度"><input id="loc-scale" value="15" title="缩放" style="width:60px"></div>
            <label>地点</label><input id="loc-label" value="广州市越秀区北京路">
          </div>
          <div data-tab="link">
            <input id="link-title" placeholder="标题" value="推荐一家好店"><label>描述</label><input id="link-desc" value="味道不错">
            <label>链接</label><input id="link-url" value="https://example.com/article">
          </div>
        </div>
        <div class="row" style="margin-top:6px">
          <button id="send" class="primary">发送</button>
          <button id="unsubscribe" class="danger">取消关注</button>
          <button id="resubscribe">重新关注</button>
        </div>
        <div id="status"></div>
      </div>
    </div>
  </div>
  <div>
    <section class="card">
      <h2>关注者信息</h2>
      <dl id="follower-info"><dt>-</dt><dd>请选择关注者</dd></dl>
    </section>
    <section class="card" style="margin-top:16px">
      <h2>推送记录（最近 20 条）</h2>
      <table class="log"><thead><tr><th>时间</th><th>类型</th><th>结果</th><th>尝试</th></tr></thead><tbody id="deliveries"></tbody></table>
    </section>
  </div>
</main>
<script>
(function () {
  'use strict';
  var state = { appId: null, openid: null, lastSeq: 0, tab: 'text', followers: [], accounts: [], openMenu: null, busy: false };
  var OUTCOMES = { replied: '已被动回复', empty: '无回复（success/空）', ignored: '回复被忽略', failed: '回调无响应', invalid_reply: '回复无效', no_callback: '未配置回调' };
  var MODES = { plain: '明文模式', compatible: '兼容模式', safe: '安全模式' };
  var EVENTS = { subscribe: '关注', unsubscribe: '取消关注', CLICK: '点击菜单', VIEW: '点击菜单链接', SCAN: '扫描二维码', LOCATION: '上报位置', scancode_push: '扫码推事件', scancode_waitmsg: '扫码带提示', pic_sysphoto: '拍照发图', pic_photo_or_album: '拍照或相册发图', pic_weixin: '微信相册发图', location_select: '发送位置' };
  function $(id) { return document.getElementById(id); }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) { if (k === 'text') node.textContent = attrs[k]; else if (k === 'className') node.className = attrs[k]; else node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { if (c) node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return node;
  }
  function api(method, path, body) {
    var init = { method: method, headers: {} };
    if (body !== undefined) { init.headers['content-type'] = 'application/json'; init.body = JSON.stringify(body); }
    return fetch(path, init).then(function (res) {
      return res.json().then(function (data) { if (!res.ok) throw new Error(data.error || ('HTTP ' + res.status)); return data; });
    });
  }
  function fmt(ms) { var d = new Date(ms); function p(n) { return (n < 10 ? '0' : '') + n; } return d.getFullYear() + '-' + p(d.getMonth() + 1) + '-' + p(d.getDate()) + ' ' + p(d.getHours()) + ':' + p(d.getMinutes()) + ':' + p(d.getSeconds()); }
  function status(text, error) { var s = $('status'); s.textContent = text; s.className = error ? 'error' : ''; }
  function base() { return '/sim/accounts/' + encodeURIComponent(state.appId); }
  function fpath() { return base() + '/followers/' + encodeURIComponent(state.openid); }
  function mediaUrl(id) { return '/sim/media/' + encodeURIComponent(state.appId) + '/' + encodeURIComponent(id); }
  function currentFollower() { return state.followers.filter(function (f) { return f.openid === state.openid; })[0]; }
  function currentAccount() { return state.accounts.filter(function (a) { return a.appId === state.appId; })[0]; }

  function loadClock() { return api('GET', '/sim/clock').then(function (c) { $('clock').textContent = fmt(c.now); }); }
  function loadAccounts() {
    return api('GET', '/sim/accounts').then(function (accounts) {
      state.accounts = accounts;
      var select = $('account'); select.innerHTML = '';
      accounts.forEach(function (a) { select.appendChild(el('option', { value: a.appId, text: a.name + '（' + a.appId + '）' })); });
      if (!state.appId && accounts.length) state.appId = accounts[0].appId;
      select.value = state.appId || '';
      renderAccount();
    });
  }
  function renderAccount() {
    var a = currentAccount(); var dl = $('account-info'); dl.innerHTML = '';
    if (!a) return;
    [['AppID', a.appId], ['原始ID', a.originalId], ['Token', a.token], ['消息模式', MODES[a.mode] || a.mode], ['回调地址', a.callbackUrl || '（未配置）']].forEach(function (r) {
      dl.appendChild(el('dt', { text: r[0] })); dl.appendChild(el('dd', { text: r[1] }));
    });
  }
  function loadFollowers() {
    if (!state.appId) return Promise.resolve();
    return api('GET', base() + '/followers').then(function (list) {
      state.followers = list;
      var ul = $('followers'); ul.innerHTML = '';
      list.forEach(function (f) {
        var li = el('li', { className: f.openid === state.openid ? 'active' : '' }, [
          el('img', { src: f.avatarUrl || '', alt: '' }),
          el('div', {}, [el('div', { text: f.nickname }), el('span', { className: 'tag ' + (f.subscribed ? 'on' : 'off'), text: f.subscribed ? '已关注' : '已取关' }), ' ', el('span', { className: 'muted', text: f.window.open ? '可接收客服消息' : '' })]),
        ]);
        li.onclick = function () { selectFollower(f.openid); };
        ul.appendChild(li);
      });
      renderFollower();
    });
  }
  function renderFollower() {
    var f = currentFollower(); var dl = $('follower-info'); dl.innerHTML = '';
    $('unsubscribe').disabled = !f || !f.subscribed; $('resubscribe').disabled = !f || f.subscribed; $('send').disabled = !f || !f.subscribed;
    if (!f) { $('chat-title').textContent = '请选择关注者'; return; }
    $('chat-title').textContent = (currentAccount() ? currentAccount().name : '') + ' · ' + f.nickname;
    [['昵称', f.nickname], ['OpenID', f.openid], ['状态', f.subscribed ? '已关注' : '已取消关注'], ['关注时间', fmt(f.subscribeTime * 1000)], ['关注次数', String(f.subscribeCount)], ['来源', f.subscribeScene], ['备注', f.remark || '-'], ['标签', f.tagIds.join(', ') || '-'],
     ['客服窗口', f.window.open ? ('开放至 ' + fmt(Date.parse(f.window.closesAt)) + '，剩余 ' + f.window.remaining + ' 条') : '已关闭（48小时内无互动）']].forEach(function (r) {
      dl.appendChild(el('dt', { text: r[0] })); dl.appendChild(el('dd', { text: r[1] }));
    });
  }
  function selectFollower(openid) {
    state.openid = openid; state.lastSeq = 0; $('chat').innerHTML = '';
    loadFollowers(); pollConversation(); loadDeliveries();
  }
  function loadMenu() {
    var bar = $('menubar'); bar.innerHTML = ''; state.openMenu = null;
    if (!state.appId) return Promise.resolve();
    return api('GET', base() + '/menu').then(function (res) {
      var buttons = res.menu ? res.menu.button : [];
      if (!buttons.length) { bar.appendChild(el('div', { className: 'muted', text: '该公众号暂无自定义菜单' })); return; }
      buttons.forEach(function (b, i) {
        var subs = b.sub_button || [];
        var cell = el('div', { text: (subs.length ? '≡ ' : '') + b.name });
        cell.onclick = function (e) {
          e.stopPropagation();
          if (!subs.length) { tapMenu([i], b); return; }
          var open = cell.querySelector('.sub'); Array.prototype.forEach.call(bar.querySelectorAll('.sub'), function (s) { s.remove(); });
          if (open) return;
          var pop = el('div', { className: 'sub' });
          subs.forEach(function (s, j) { var item = el('div', { text: s.name }); item.onclick = function (ev) { ev.stopPropagation(); pop.remove(); tapMenu([i, j], s); }; pop.appendChild(item); });
          cell.appendChild(pop);
        };
        bar.appendChild(cell);
      });
    });
  }
  document.addEventListener('click', function () { Array.prototype.forEach.call(document.querySelectorAll('.menubar .sub'), function (s) { s.remove(); }); });
  function tapMenu(path, button) {
    var body = { path: path };
    if (button.type === 'scancode_waitmsg' || button.type === 'scancode_push') { var r = prompt('扫码结果', 'TABLE-08'); if (r === null) return; body.scanResult = r; }
    if (button.type === 'view') window.open(button.url, '_blank', 'noopener');
    act('POST', fpath() + '/menu', body, '点击菜单「' + button.name + '」');
  }
  function act(method, path, body, what) {
    if (!state.openid || state.busy) return Promise.resolve();
    state.busy = true; status(what + '：推送中…（回调需在5秒内答复，最多尝试3次）');
    return api(method, path, body).then(function (res) {
      var d = res.delivery;
      if (d) status(what + '：' + (OUTCOMES[d.outcome] || d.outcome) + '，' + MODES[d.mode] + '，尝试 ' + d.attempts.length + ' 次' + (d.error ? '\\n' + d.error : ''), d.outcome === 'failed' || d.outcome === 'invalid_reply');
      else status(what + '：平台直接展示，未推送');
      return Promise.all([pollConversation(), loadFollowers(), loadDeliveries()]);
    }).catch(function (e) { status(what + '失败：' + e.message, true); }).then(function () { state.busy = false; });
  }
  function readFile(input) {
    var file = input.files && input.files[0];
    if (!file) return Promise.resolve(null);
    return new Promise(function (resolve) { var r = new FileReader(); r.onload = function () { resolve({ data: String(r.result).split(',')[1], filename: file.name }); }; r.readAsDataURL(file); });
  }
  function send() {
    var tab = state.tab; var body = { msgType: tab };
    var ready = Promise.resolve();
    if (tab === 'text') { body.content = $('text-content').value; if (!body.content.trim()) { status('请输入消息内容', true); return; } }
    if (tab === 'image') { body.sample = $('image-sample').value; ready = readFile($('image-file')).then(function (f) { if (f) { body.data = f.data; body.filename = f.filename; delete body.sample; } }); }
    if (tab === 'voice') { body.sample = $('voice-sample').value; if ($('voice-recognition').value) body.recognition = $('voice-recognition').value; }
    if (tab === 'video') body.sample = $('video-sample').value;
    if (tab === 'location') { body.latitude = Number($('loc-lat').value); body.longitude = Number($('loc-lng').value); body.scale = Number($('loc-scale').value); body.label = $('loc-label').value; }
    if (tab === 'link') { body.title = $('link-title').value; body.description = $('link-desc').value; body.url = $('link-url').value; }
    ready.then(function () { return act('POST', fpath() + '/messages', body, '发送' + ({ text: '文字', image: '图片', voice: '语音', video: '视频', shortvideo: '小视频', location: '位置', link: '链接' })[tab]); })
      .then(function () { if (tab === 'text') $('text-content').value = ''; $('image-file').value = ''; });
  }

  // --- rendering the conversation ---
  function bubble(children, className) { return el('div', { className: 'bubble' + (className ? ' ' + className : '') }, children); }
  function newsCard(a) {
    var card = bubble([], 'news');
    if (a.picUrl || a.picurl || a.thumb_url) card.appendChild(el('img', { src: a.picUrl || a.picurl || a.thumb_url, alt: '' }));
    card.appendChild(el('div', { className: 't', text: a.title || '' }));
    card.appendChild(el('div', { className: 'd', text: a.description || a.digest || '' }));
    var url = a.url; if (url) { card.style.cursor = 'pointer'; card.onclick = function () { window.open(url, '_blank', 'noopener'); }; }
    return card;
  }
  function mediaBubble(kind, id, extra) {
    if (kind === 'image') return bubble([el('img', { className: 'pic', src: mediaUrl(id), alt: '图片' })]);
    if (kind === 'voice') return bubble([el('a', { href: mediaUrl(id), download: 'voice.amr', text: '🔊 语音消息（AMR，点此下载）' })]);
    if (kind === 'video' || kind === 'shortvideo') { var v = el('video', { src: mediaUrl(id), controls: '' }); return bubble([v, extra ? el('span', { className: 'src', text: extra }) : null]); }
    return bubble([kind + ' ' + id]);
  }
  function outBody(entry) {
    var p = entry.payload;
    if (entry.source === 'passive') {
      switch (p.msgType) {
        case 'text': return bubble([p.content]);
        case 'image': return mediaBubble('image', p.image.mediaId);
        case 'voice': return mediaBubble('voice', p.voice.mediaId);
        case 'video': return mediaBubble('video', p.video.mediaId, [p.video.title, p.video.description].filter(Boolean).join(' · '));
        case 'music': return bubble(['🎵 ' + (p.music.title || '音乐'), el('span', { className: 'src', text: p.music.description || '' }), p.music.musicUrl ? el('a', { href: p.music.musicUrl, target: '_blank', text: '播放' }) : null]);
        case 'news': return newsCard(p.articles[0] || {});
        default: return bubble(['[' + p.msgType + ']']);
      }
    }
    switch (p.msgtype) {
      case 'text': return bubble([p.text.content]);
      case 'image': return mediaBubble('image', p.image.media_id);
      case 'voice': return mediaBubble('voice', p.voice.media_id);
      case 'video': return mediaBubble('video', p.video.media_id, [p.video.title, p.video.description].filter(Boolean).join(' · '));
      case 'music': return bubble(['🎵 ' + (p.music.title || '音乐'), el('span', { className: 'src', text: p.music.description || '' }), p.music.musicurl ? el('a', { href: p.music.musicurl, target: '_blank', text: '播放' }) : null]);
      case 'news': return newsCard((p.news.articles || [])[0] || {});
      case 'mpnews': return bubble(['[图文消息] ' + p.mpnews.media_id]);
      case 'msgmenu': {
        var m = p.msgmenu; var box = bubble([m.head_content || '']);
        var opts = el('div', { className: 'options' });
        (m.list || []).forEach(function (o) { var b = el('button', { text: o.content }); b.onclick = function () { act('POST', fpath() + '/messages', { msgType: 'text', content: o.content, bizmsgmenuid: o.id }, '选择菜单项'); }; opts.appendChild(b); });
        box.appendChild(opts); if (m.tail_content) box.appendChild(document.createTextNode(m.tail_content));
        return box;
      }
      default: return bubble(['[' + p.msgtype + ']']);
    }
  }
  function inBody(p) {
    switch (p.msgType) {
      case 'text': return bubble([p.content]);
      case 'image': return bubble([el('img', { className: 'pic', src: p.picUrl, alt: '图片' })]);
      case 'voice': return bubble(['🔊 语音' + (p.recognition ? '：' + p.recognition : '')]);
      case 'video': case 'shortvideo': return mediaBubble(p.msgType, p.mediaId);
      case 'location': return bubble(['📍 ' + p.label + '\\n(' + p.locationX + ', ' + p.locationY + ')']);
      case 'link': return bubble(['🔗 ' + p.title + '\\n' + p.description + '\\n' + p.url]);
      default: return bubble(['[' + p.msgType + ']']);
    }
  }
  function renderEntry(entry) {
    var chat = $('chat'); var f = currentFollower(); var a = currentAccount();
    if (entry.direction === 'system') { chat.appendChild(el('div', { className: 'system' }, [el('span', { text: entry.payload.content })])); return; }
    if (entry.direction === 'in' && entry.payload.msgType === 'event') {
      var ev = entry.payload; var name = EVENTS[ev.event] || ev.rawEvent || ev.event;
      var detail = ev.eventKey ? '：' + ev.eventKey : ''; if (ev.scanCodeInfo) detail += '（' + ev.scanCodeInfo.scanResult + '）';
      chat.appendChild(el('div', { className: 'event', text: fmt(entry.at) + ' ［' + name + detail + '］' })); return;
    }
    var avatar = entry.direction === 'in' ? el('img', { className: 'avatar', src: f && f.avatarUrl ? f.avatarUrl : '', alt: '' }) : el('div', { className: 'avatar', title: a ? a.name : '', style: 'background:#07c160' });
    var content = entry.direction === 'in' ? inBody(entry.payload) : outBody(entry);
    if (entry.direction === 'out') content.appendChild(el('span', { className: 'src', text: (entry.source === 'passive' ? '被动回复' : '客服消息') + ' · ' + fmt(entry.at) }));
    chat.appendChild(el('div', { className: 'msg ' + entry.direction }, [avatar, content]));
  }
  function pollConversation() {
    if (!state.appId || !state.openid) return Promise.resolve();
    var openid = state.openid;
    return api('GET', fpath() + '/conversation?after=' + state.lastSeq).then(function (res) {
      if (openid !== state.openid) return;
      var chat = $('chat'); var atBottom = chat.scrollHeight - chat.scrollTop - chat.clientHeight < 40;
      res.entries.forEach(function (entry) { if (entry.seq > state.lastSeq) { renderEntry(entry); state.lastSeq = entry.seq; } });
      if (res.entries.length && (atBottom || res.entries.some(function (e) { return e.direction === 'in'; }))) chat.scrollTop = chat.scrollHeight;
    });
  }
  function loadDeliveries() {
    if (!state.appId) return Promise.resolve();
    return api('GET', '/sim/deliveries?limit=20&appId=' + encodeURIComponent(state.appId) + (state.openid ? '&openid=' + encodeURIComponent(state.openid) : '')).then(function (list) {
      var body = $('deliveries'); body.innerHTML = '';
      list.forEach(function (d) {
        body.appendChild(el('tr', {}, [el('td', { text: fmt(d.at).slice(5) }), el('td', { text: d.event ? 'event/' + d.event : d.msgType }), el('td', { text: (OUTCOMES[d.outcome] || d.outcome) + (d.error ? '：' + d.error : '') }), el('td', { text: String(d.attempts.length) })]));
      });
    });
  }
  function loadSamples() {
    return api('GET', '/sim/samples').then(function (samples) {
      ['image', 'voice', 'video'].forEach(function (kind) {
        var select = $(kind + '-sample'); select.innerHTML = '';
        samples.filter(function (s) { return s.kind === kind; }).forEach(function (s) { select.appendChild(el('option', { value: s.id, text: '示例：' + s.label })); });
      });
    });
  }

  // --- wiring ---
  $('tabs').addEventListener('click', function (e) {
    var tab = e.target.getAttribute && e.target.getAttribute('data-tab'); if (!tab) return;
    state.tab = tab;
    Array.prototype.forEach.call(document.querySelectorAll('[data-tab]'), function (n) { n.classList.toggle('active', n.getAttribute('data-tab') === tab); });
  });
  $('send').onclick = send;
  $('text-content').addEventListener('keydown', function (e) { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); send(); } });
  $('unsubscribe').onclick = function () { if (confirm('确定取消关注该公众号？')) act('POST', fpath() + '/unsubscribe', {}, '取消关注'); };
  $('resubscribe').onclick = function () { act('POST', fpath() + '/subscribe', {}, '重新关注'); };
  $('subscribe-new').onclick = function () {
    var nickname = $('new-nickname').value.trim();
    api('POST', base() + '/followers', nickname ? { nickname: nickname } : {}).then(function (res) {
      $('new-nickname').value = ''; state.openid = res.follower.openid; state.lastSeq = 0; $('chat').innerHTML = '';
      status('新关注者「' + res.follower.nickname + '」已关注：' + (OUTCOMES[res.delivery.outcome] || res.delivery.outcome));
      return Promise.all([loadFollowers(), pollConversation(), loadDeliveries()]);
    }).catch(function (e) { status('关注失败：' + e.message, true); });
  };
  $('account').onchange = function () { state.appId = $('account').value; state.openid = null; state.lastSeq = 0; $('chat').innerHTML = ''; renderAccount(); loadFollowers(); loadMenu(); loadDeliveries(); };
  $('verify').onclick = function () {
    $('verify-result').textContent = '验证中…';
    api('POST', base() + '/verify').then(function (r) { $('verify-result').textContent = r.ok ? '✓ 验证通过' : '✗ 验证失败' + (r.error ? '：' + r.error : r.status ? '（HTTP ' + r.status + '）' : ''); })
      .catch(function (e) { $('verify-result').textContent = e.message; });
  };
  Array.prototype.forEach.call(document.querySelectorAll('[data-advance]'), function (b) {
    b.onclick = function () { api('POST', '/sim/clock/advance', { ms: Number(b.getAttribute('data-advance')) }).then(function () { loadClock(); loadFollowers(); }); };
  });
  $('clock-reset').onclick = function () { api('POST', '/sim/clock/reset').then(function () { loadClock(); loadFollowers(); }); };

  Promise.all([loadClock(), loadSamples(), loadAccounts()]).then(function () { return Promise.all([loadFollowers(), loadMenu(), loadDeliveries()]); }).then(function () {
    if (!state.openid) { var first = state.followers.filter(function (f) { return f.subscribed; })[0]; if (first) selectFollower(first.openid); }
  }).catch(function (e) { status('加载失败：' + e.message, true); });
  setInterval(function () { pollConversation().catch(function () {}); }, 1500);
  setInterval(function () { loadClock().catch(function () {}); loadFollowers().catch(function () {}); loadDeliveries().catch(function () {}); }, 5000);
  setInterval(function () { loadMenu().catch(function () {}); }, 30000);
})();
</script>
</body>
</html>
`;

export function consolePage(): string {
  return PAGE;
}
