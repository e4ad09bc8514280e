import { Card } from 'antd';
import type { ReactNode } from 'react';

export interface FormSectionProps {
  title?: ReactNode;
  children?: ReactNode;
}

/** A titled group of form fields (form.sections): a small card around the section's grid. */
export function FormSection({ title, children }: FormSectionProps) {
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }} role="group" aria-label={typeof title === 'string' ? title : undefined}>
      {children}
    </Card>
  );
}
