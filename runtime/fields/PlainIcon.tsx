import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';

// antd's .anticon box: an inline flex box that adds nothing to the line's height, 1em square (its colour the
// text's, unless a class says otherwise)
const BOX: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  fontStyle: 'normal',
  lineHeight: 0,
  textAlign: 'center',
  textTransform: 'none',
  verticalAlign: '-0.125em',
  textRendering: 'optimizeLegibility',
};

// the definitions carry SVG's own attribute names (fill-rule); React wants them camel-cased (fillRule)
const reactAttrs = (attrs: AbstractNode['attrs']) =>
  Object.fromEntries(Object.entries(attrs).map(([name, value]) => [name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), value]));

const draw = (node: AbstractNode, key?: number): ReactNode => createElement(node.tag, { key, ...reactAttrs(node.attrs) }, node.children?.map(draw));

export interface PlainIconProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** an outlined or filled icon of @ant-design/icons-svg (es/asn/…): the same drawing antd's icon shows */
  icon: IconDefinition;
}

/**
 * An Ant Design icon as @ant-design/icons renders it (span role=img named by the icon, its svg at 1em in
 * currentColor), without that package's component: its context, two-tone colours and injected stylesheet
 * belong to antd, which the sign-in route does not load (docs/client-budgets.md). Two-tone icons (drawn by a
 * function of their colours) are not supported.
 */
export function PlainIcon({ icon, style, ...span }: PlainIconProps) {
  const svg = icon.icon as AbstractNode;
  return (
    <span role="img" aria-label={icon.name} {...span} style={{ ...BOX, ...style }}>
      {createElement(
        'svg',
        {
          ...reactAttrs(svg.attrs),
          width: '1em',
          height: '1em',
          fill: 'currentColor',
          'aria-hidden': 'true',
          style: { display: 'inline-block', lineHeight: 1 },
        },
        svg.children?.map(draw),
      )}
    </span>
  );
}
