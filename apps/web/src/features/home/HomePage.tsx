import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Avatar, Card, Col, Empty, Row, Skeleton, Space, Tag, Typography } from 'antd';
import {
  AppstoreOutlined, BarChartOutlined, IdcardOutlined, ProfileOutlined, SettingOutlined, ShopOutlined, UserOutlined, WechatOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dashboardCards, type DashboardCard } from '../../shared/dashboard/dashboard';
import { navigate } from '../../shared/navigation/navigation';
import { usePermissionCheck, useSession } from '../../shared/session/session';
import { useShortcuts } from './shortcuts';

const groupIcons: Record<string, ComponentType> = {
  '/admin': SettingOutlined, '/store': ShopOutlined, '/customer': IdcardOutlined, '/order': ProfileOutlined, '/report': BarChartOutlined, '/wxmp': WechatOutlined,
};

const lazyCards = new Map<string, LazyExoticComponent<ComponentType>>();
/** One lazy component per card, so a card's chunk loads once. */
const cardComponent = (card: DashboardCard) => {
  let component = lazyCards.get(card.key);
  if (!component) {
    component = lazy(card.load);
    lazyCards.set(card.key, component);
  }
  return component;
};

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

/** The registered dashboard cards the user may see, in their order. */
function DashboardCards() {
  const allowed = usePermissionCheck();
  const cards = dashboardCards().filter((card) => allowed(card.permission));
  return (
    <Row gutter={[16, 16]} data-testid="home-cards">
      {cards.map((card) => {
        const Figure = cardComponent(card);
        return (
          <Col key={card.key} xs={24} sm={12} lg={card.span ?? 6} data-card={card.key}>
            <Suspense fallback={<Card><Skeleton active paragraph={{ rows: 1 }} /></Card>}>
              <Figure />
            </Suspense>
          </Col>
        );
      })}
    </Row>
  );
}

/**
 * Home (/wel/index): greeting, today's figures (the cards features register in their
 * `dashboard.ts`, see `app/dashboard-registry.ts`) and shortcuts to the modules the user may use.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const shortcuts = useShortcuts();
  return (
    <div className="home-page" data-testid="home-page">
      <Greeting />
      <Typography.Title level={5} style={{ margin: '20px 0 12px' }}>{t('shell.home.today')}</Typography.Title>
      <DashboardCards />
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
