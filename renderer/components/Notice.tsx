import type { ReactNode } from 'react';

interface NoticeProps {
  tone: 'info' | 'warning' | 'error' | 'success';
  children: ReactNode;
}

export function Notice({ tone, children }: NoticeProps) {
  return (
    <div
      className={`notice notice-${tone}`}
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}
