import { lazy, Suspense, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Avatar, Card, Col, Empty, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import {
  AppstoreOutlined, BarChartOutlined, BellOutlined, BugOutlined, IdcardOutlined, ProfileOutlined, SettingOutlined, ShopOutlined, UserAddOutlined, UserOutlined, WechatOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBell } from '../../shared/bell/bell';
import { dashboardCards, type DashboardCard } from '../../shared/dashboard/dashboard';
import { useErrorLog } from '../../shared/errorlog/errorlog';
import { api } from '../../shared/http/client';
import { navigate } from '../../shared/navigation/navigation';
import { addMessages } from '../../shared/i18n';
import { usePermission, useSession, type MenuNode } from '../../shared/session/session';

addMessages(
  'home',
  { shortcutsHint: '点击进入常用功能', figures: '今日数据', unreadMessages: '未读消息', unreadFollowers: '{{count}} 位粉丝', todayFollowers: '今日新增关注', followers: '粉丝总数 {{count}}' },
  { shortcutsHint: 'Jump straight to a module', figures: "Today's figures", unreadMessages: 'Unread messages', unreadFollowers: 'from {{count}} followers', todayFollowers: 'New followers today', followers: '{{count}} followers in all' },
);

/** The browser's local midnight today, as ISO 8601 (the `since` of the summary call). */
export const localMidnightIso = (now = new Date()) => {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return midnight.toISOString();
};

interface MessageSummary {
  unreadMessages: number;
  unreadFollowers: number;
  todayFollowers: number;
  followers: number;
  since: string;
}

/**
 * Unread follower messages and today's new followers (GET /weixin/wxmsg/summary), only with
 * wxmp:wxmsg:index; asked again whenever the bell's count moves (a live message, a row opened).
 */
function MessageFigures() {
  const { t } = useTranslation();
  const bellCount = useBell((s) => s.count);
  const [since] = useState(localMidnightIso);
  const { data, isPending } = useQuery({
    queryKey: ['wxmsg', 'summary', since, bellCount],
    queryFn: () => api.get<MessageSummary>('/weixin/wxmsg/summary', { params: { since }, silent: true }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Col xs={24} sm={12} lg={6}>
        <Card loading={isPending}>
          <Statistic
            title={t('home.unreadMessages')}
            value={data?.unreadMessages ?? 0}
            prefix={<BellOutlined />}
            suffix={data ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('home.unreadFollowers', { count: data.unreadFollowers })}</Typography.Text> : null}
            data-testid="home-unread"
          />
        </Card>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Card loading={isPending}>
          <Statistic
            title={t('home.todayFollowers')}
            value={data?.todayFollowers ?? 0}
            prefix={<UserAddOutlined />}
            suffix={data ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('home.followers', { count: data.followers })}</Typography.Text> : null}
            data-testid="home-today-followers"
          />
        </Card>
      </Col>
    </>
  );
}

const groupIcons: Record<string, ComponentType> = {
  '/admin': SettingOutlined, '/store': ShopOutlined, '/customer': IdcardOutlined, '/order': ProfileOutlined, '/report': BarChartOutlined, '/wxmp': WechatOutlined,
};

const lazyCards = new Map<string, LazyExoticComponent<ComponentType>>();
const cardComponent = (card: DashboardCard) => {
  let component = lazyCards.get(card.key);
  if (!component) {
    component = lazy(card.load);
    lazyCards.set(card.key, component);
  }
  return component;
};

interface Shortcut {
  group: MenuNode;
  pages: MenuNode[];
}

/** Top-level groups the user may see, each with its pages (menu items whose meta.roles do not match are hidden). */
function useShortcuts(): Shortcut[] {
  const menu = useSession((s) => s.menu);
  const roles = useSession((s) => s.roles);
  const { t } = useTranslation();
  return useMemo(() => {
    const visible = (n: MenuNode) => (!n.meta?.roles?.length || n.meta.roles.some((r) => roles.includes(r))) && (n.type === undefined || n.type === '0');
    const label = (n: MenuNode) => t(`menuLabel.${n.path.replace(/\//g, '_')}`, { defaultValue: n.label || n.name });
    return menu.filter(visible).map((group) => ({
      group: { ...group, label: label(group) },
      pages: (group.children ?? []).filter(visible).filter((p) => !(p.src && /^https?:/i.test(p.src))).map((p) => ({ ...p, label: label(p) })),
    }));
  }, [menu, roles, t]);
}

function Greeting() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const roles = useSession((s) => s.roles);
  const hour = new Date().getHours();
  const part = t(hour < 12 ? 'shell.home.morning' : hour < 18 ? 'shell.home.afternoon' : 'shell.home.evening');
  return (
    <Card className="home-greeting">
      <Space size="large" align="center">
        <Avatar size={64} src={user?.avatar || undefined} icon={<UserOutlined />} />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="home-greeting">
            {t('shell.home.greeting', { part, name: user?.nickname || user?.username || '' })}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('shell.home.roles')}: {roles.map((r) => <Tag key={r}>{r}</Tag>)}
          </Typography.Text>
        </div>
      </Space>
    </Card>
  );
}

/** Home (/wel/index): greeting, today's figures (cards the modules register) and shortcuts to the modules the user may use. */
export default function HomePage() {
  const { t } = useTranslation();
  const shortcuts = useShortcuts();
  const permissions = useSession((s) => s.permissions);
  const messages = usePermission('wxmp:wxmsg:index');
  const errors = useErrorLog((s) => s.logs.length);
  const cards = dashboardCards().filter((card) => !card.permission || permissions[card.permission]);
  const pageCount = shortcuts.reduce((n, s) => n + s.pages.length, 0);
  return (
    <div className="home-page" data-testid="home-page">
      <Greeting />
      <Typography.Title level={5} style={{ margin: '20px 0 12px' }}>{t('shell.home.today')}</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={6}>
          <Card><Statistic title={t('shell.home.modules')} value={pageCount} prefix={<AppstoreOutlined />} /></Card>
        </Col>
        {messages ? <MessageFigures /> : null}
        <Col xs={24} sm={12} lg={6}>
          <Card><Statistic title={t('shell.home.localErrors')} value={errors} prefix={<BugOutlined />} /></Card>
        </Col>
        {cards.map((card) => {
          const Figure = cardComponent(card);
          return (
            <Col key={card.key} xs={24} sm={12} lg={card.span ?? 6}>
              <Suspense fallback={<Card><Skeleton active paragraph={{ rows: 1 }} /></Card>}>
                <Figure />
              </Suspense>
            </Col>
          );
        })}
      </Row>
      {cards.length === 0 ? <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>{t('shell.home.figuresSoon')}</Typography.Paragraph> : null}
      <Typography.Title level={5} style={{ margin: '20px 0 12px' }}>{t('shell.home.shortcuts')}</Typography.Title>
      {shortcuts.length === 0 ? (
        <Empty description={t('shell.home.noShortcuts')} />
      ) : (
        <Row gutter={[16, 16]} data-testid="home-shortcuts">
          {shortcuts.map(({ group, pages }) => {
            const Icon = groupIcons[group.path] ?? AppstoreOutlined;
            return (
              <Col key={group.id} xs={24} md={12} xl={8}>
                <Card title={<Space><Icon />{group.label}</Space>} size="small">
                  <Space wrap>
                    {pages.map((page) => (
                      <Tag key={page.id} className="home-shortcut" color="processing" onClick={() => navigate(page.path)} style={{ cursor: 'pointer', padding: '4px 10px' }}>
                        {page.label}
                      </Tag>
                    ))}
                  </Space>
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
    </div>
  );
}
