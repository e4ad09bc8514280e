import { Alert, Button, Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../app/AppServices';
import { useCurrentLanguage } from '../../i18n/useCurrentLanguage';
import { useSession } from '../../session/useSession';
import { greetingKey } from './greetingKey';
import type { HomeFigures } from './homeFiguresTypes';
import { activeThisWeek, FIGURES_SHOWN, rankFigures } from './rankFigures';
import { lazyPart } from '../../../runtime/render/lazyPart';

// the chart widget any model's form uses (runtime/fields/chart), with ECharts, in chunks of its own loaded when first shown
const ChartWidget = lazyPart(async () => (await import('../../../runtime/fields/chart/ChartWidget')).default);

export const HOME_FIGURES_URL = '/sys/home/figures';
/** records created per month, per listable model, as chart series (server/api/homeFigures.ts) */
export const HOME_MONTHLY_URL = '/sys/home/monthly';
/** the laboratory's own records (not the system's tables); the server leaves out those the user may not list */
const MONTHLY_PARAMS = { months: 12, models: 'labCalibration.record,labCalibration.point,staff.member,staff.train,staff.certificateAbility' };

/**
 * /dashboard/analysis: the greeting of the hour (spec 000 §9) and the figures the server counts for this
 * user — records per module they may list, what was added this week and per month — drawn by the chart
 * widget.
 */
export function HomePage() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const { http } = useAppServices();
  const { userInfo } = useSession();
  const [figures, setFigures] = useState<HomeFigures | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) => {
      setError(null);
      // not silent: a 401 or an expired session here must sign out like anywhere else (spec 000 §8)
      http
        .get<HomeFigures>(HOME_FIGURES_URL, undefined, { signal })
        .then(({ data }) => setFigures(data))
        .catch(() => !signal?.aborted && setError(t('home.loadFailed')));
    },
    [http, t],
  );
  // titles come in the request's language: load again after a switch
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load, lang]);

  const greeting = t(`home.greeting.${greetingKey(new Date().getHours())}`);
  const name = userInfo?.realname || userInfo?.username || '';

  return (
    <div>
      <Card style={{ marginBottom: 16 }}>
        <h2 style={{ margin: 0, fontSize: 20, fontWeight: 500 }}>{t('home.welcome', { greeting, name, product: t('product.name') })}</h2>
      </Card>
      {error && (
        <Alert
          type="error"
          showIcon
          message={error}
          action={
            <Button size="small" onClick={() => load()}>
              {t('home.retry')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {!figures && !error && <Skeleton active />}
      {figures && <FigurePanels figures={figures} />}
    </div>
  );
}

function FigurePanels({ figures }: { figures: HomeFigures }) {
  const { t } = useTranslation();
  const { days } = figures;
  const [showAll, setShowAll] = useState(false);
  const modules = useMemo(() => rankFigures(figures.modules), [figures.modules]);
  const busiest = modules.slice(0, FIGURES_SHOWN);
  const totals = useMemo(() => [{ name: t('home.records'), x: busiest.map((m) => m.title), y: busiest.map((m) => m.total) }], [busiest, t]);
  const active = useMemo(() => activeThisWeek(modules), [modules]);
  const week = useMemo(() => active.map((m) => ({ name: m.title, x: days.map((d) => d.slice(5)), y: m.week! })), [active, days]);

  if (modules.length === 0) return <Empty description={t('home.noFigures')} />;
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {(showAll ? modules : busiest).map((m) => (
          <Col key={m.modelId} xs={24} sm={12} md={8} xl={6}>
            <Card size="small">
              <Statistic title={m.title} value={m.total} suffix={t('home.recordsUnit', { count: m.total })} />
            </Card>
          </Col>
        ))}
      </Row>
      {modules.length > FIGURES_SHOWN && (
        <div style={{ marginTop: -8, marginBottom: 16, textAlign: 'right' }}>
          <Button type="link" size="small" onClick={() => setShowAll((all) => !all)}>
            {showAll ? t('home.showFewer') : t('home.showAll', { count: modules.length })}
          </Button>
        </div>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('home.records')} size="small">
            <Suspense fallback={<Skeleton active />}>
              <ChartWidget data={totals} dataType="default" seriesType="bar" autoGenerate height={280} label={t('home.records')} />
            </Suspense>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('home.week')} size="small">
            {week.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.weekEmpty')} style={{ height: 256 }} />
            ) : (
              <Suspense fallback={<Skeleton active />}>
                <ChartWidget data={week} dataType="default" autoGenerate height={280} label={t('home.week')} />
              </Suspense>
            )}
          </Card>
        </Col>
        <Col xs={24}>
          <Card title={t('home.monthly')} size="small">
            <Suspense fallback={<Skeleton active />}>
              <ChartWidget url={HOME_MONTHLY_URL} params={MONTHLY_PARAMS} dataType="default" autoGenerate height={300} label={t('home.monthly')} />
            </Suspense>
          </Card>
        </Col>
      </Row>
    </>
  );
}
