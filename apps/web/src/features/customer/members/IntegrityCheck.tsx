import { useState } from 'react';
import { Alert, Button, Modal, Table } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFen, memberEndpoints, type IntegrityReport } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import '../messages-member';

type Mismatch = IntegrityReport['mismatches'][number];

/** 余额核对: the server compares every member's balances and points with the sums of their ledgers, on demand. */
export function IntegrityCheck() {
  const { t } = useTranslation();
  const [report, setReport] = useState<IntegrityReport | undefined>();
  const check = useAction({ run: () => call(memberEndpoints.integrity, {}), onSuccess: (r) => setReport(r) });
  const pair = (balance: number, ledger: number, money = true) =>
    t('customerMember.integrity.pair', { balance: money ? formatFen(balance) : balance, ledger: money ? formatFen(ledger) : ledger });
  return (
    <>
      <Button icon={<SafetyCertificateOutlined />} loading={check.busy} onClick={() => void check.run()} data-testid="member-integrity">
        {t('customerMember.integrity.button')}
      </Button>
      {report && (
        <Modal open width={760} title={t('customerMember.integrity.title')} onCancel={() => setReport(undefined)} footer={null} destroyOnHidden>
          {report.mismatches.length === 0 ? (
            <Alert type="success" showIcon title={t('customerMember.integrity.ok', { n: report.checked })} data-testid="member-integrity-result" />
          ) : (
            <>
              <Alert type="error" showIcon title={t('customerMember.integrity.bad', { n: report.checked, bad: report.mismatches.length })} style={{ marginBottom: 12 }} data-testid="member-integrity-result" />
              <Table<Mismatch>
                rowKey="memberId"
                size="small"
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={report.mismatches}
                columns={[
                  { key: 'memberNo', title: t('customerMember.memberNo'), dataIndex: 'memberNo' },
                  { key: 'phone', title: t('customerMember.phone'), dataIndex: 'phone' },
                  { key: 'principal', title: t('customerMember.principal'), render: (_: unknown, m) => pair(m.balancePrincipal, m.ledgerPrincipal) },
                  { key: 'bonus', title: t('customerMember.bonus'), render: (_: unknown, m) => pair(m.balanceBonus, m.ledgerBonus) },
                  { key: 'points', title: t('customerMember.points'), render: (_: unknown, m) => pair(m.points, m.ledgerPoints, false) },
                ]}
              />
            </>
          )}
        </Modal>
      )}
    </>
  );
}
