// A link card's actions menu. It loads when a card's actions button is first used (see
// link-card.tsx), and its first opening starts loading the dialogs its entries open; the QR code
// dialog, rendered here, loads when its entry is pointed at.
import '@/components/on-demand-mantine-styles';
import { Menu } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconChartBar,
  IconFlag,
  IconPencil,
  IconQrcode,
  IconStack2,
  IconTrash,
  IconWorld,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useQrCodeDialog } from '@/components/qr-code/qr-code-later';
import { useMenuOpenedOnArrival } from '@/components/use-menu-opened-on-arrival';
import { LinkActionsButton } from './link-actions-button';
import { shortLinkLabel } from '@/lib/short-link';
import { linkDialogs } from './link-dialogs-later';
import type { AuthorLink } from './link-types';
import { ReaderDestinationsModal } from './reader-destinations-modal';

export interface LinkActionsProps {
  link: AuthorLink;
  onEdit: (link: AuthorLink) => void;
  onAddToCollection: (link: AuthorLink) => void;
  /** Archives the link, or brings an archived one back to the list. */
  onArchiveChange: (link: AuthorLink) => void;
  onDelete: (link: AuthorLink) => void;
}

export function LinkActionsMenu({
  link,
  onEdit,
  onAddToCollection,
  onArchiveChange,
  onDelete,
}: LinkActionsProps) {
  const params = { domain: link.domain, code: link.code };
  const { menuProps, trigger } = useMenuOpenedOnArrival();
  const qrCode = useQrCodeDialog();
  const [readersOpen, setReadersOpen] = useState(false);
  useEffect(() => {
    // Only a warm-up: a failure is reported when an entry asks for its dialog.
    linkDialogs.preload();
  }, []);
  return (
    <>
      <Menu {...menuProps} position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <LinkActionsButton link={link} ref={trigger} />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconPencil size={16} />}
            onClick={() => {
              onEdit(link);
            }}
          >
            Edit link
          </Menu.Item>
          <Menu.Item
            leftSection={<IconChartBar size={16} />}
            renderRoot={(props) => (
              <Link {...props} to="/links/reports/$domain/$code" params={params} />
            )}
          >
            View report
          </Menu.Item>
          <Menu.Item
            leftSection={<IconWorld size={16} />}
            onClick={() => {
              setReadersOpen(true);
            }}
          >
            What readers get
          </Menu.Item>
          <Menu.Item
            leftSection={<IconStack2 size={16} />}
            onClick={() => {
              onAddToCollection(link);
            }}
          >
            Add to a collection
          </Menu.Item>
          <Menu.Item
            leftSection={<IconQrcode size={16} />}
            onPointerEnter={qrCode.warmUp}
            onFocus={qrCode.warmUp}
            onClick={qrCode.open}
          >
            QR code
          </Menu.Item>
          <Menu.Item
            leftSection={link.archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
            onClick={() => {
              onArchiveChange(link);
            }}
          >
            {link.archived ? 'Unarchive' : 'Archive'}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconFlag size={16} />}
            renderRoot={(props) => (
              <Link {...props} to="/report-link/$domain/$code" params={params} />
            )}
          >
            Report an issue
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => {
              onDelete(link);
            }}
          >
            Delete…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ReaderDestinationsModal
        opened={readersOpen}
        onClose={() => {
          setReadersOpen(false);
        }}
        link={{ domain: link.domain, code: link.code, label: shortLinkLabel(link) }}
      />
      {qrCode.QrCodeDialog && (
        <qrCode.QrCodeDialog
          opened={qrCode.opened}
          onClose={qrCode.close}
          link={{
            shortUrl: link.shortUrl,
            code: link.code,
            label: shortLinkLabel(link),
            coverUrl: link.coverImageUrl,
          }}
        />
      )}
    </>
  );
}
