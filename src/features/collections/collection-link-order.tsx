import { ActionIcon, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { moveLink } from './collection-form';
import classes from './collection-link-order.module.css';
import type { CollectionForm } from './use-collection-form';
import { useLinkChoices } from './use-link-choices';

type Direction = 'up' | 'down';

interface CollectionLinkOrderProps {
  form: CollectionForm;
  initialIds?: string[] | undefined;
}

/**
 * The collection's links in the order readers see them, put in order by dragging a row or with
 * its Move up and Move down buttons; each move is announced to screen readers.
 */
export function CollectionLinkOrder({ form, initialIds }: CollectionLinkOrderProps) {
  const linkIds = form.useWatchValue('linkIds');
  const { data } = useLinkChoices(initialIds);
  const labels = new Map(data.map((choice) => [choice.value, choice.label]));
  const headingId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number>();
  const [dropTarget, setDropTarget] = useState<number>();
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  // The button to focus once a moved row is drawn at its new place.
  const focusAfterMove = useRef<{ id: string; direction: Direction }>(undefined);

  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = undefined;
    const other: Direction = pending.direction === 'up' ? 'down' : 'up';
    const button = moveButtons.current.get(`${pending.id}:${pending.direction}`);
    // A row moved to the top or bottom can go no further that way: focus its other button.
    const target = button?.disabled ? moveButtons.current.get(`${pending.id}:${other}`) : button;
    target?.focus();
  }, [linkIds]);

  if (linkIds.length < 2) return null;

  const labelOf = (id: string) => labels.get(id) ?? `Link ${id}`;
  const move = (from: number, to: number) => {
    const id = linkIds[from];
    if (id === undefined || from === to) return;
    form.setFieldValue('linkIds', moveLink(linkIds, from, to));
    setAnnouncement(`${labelOf(id)} moved to position ${to + 1} of ${linkIds.length}.`);
  };
  const moveByButton = (index: number, direction: Direction) => {
    const id = linkIds[index];
    if (id === undefined) return;
    focusAfterMove.current = { id, direction };
    move(index, direction === 'up' ? index - 1 : index + 1);
  };
  const endDrag = () => {
    setDragged(undefined);
    setDropTarget(undefined);
  };

  return (
    <Stack gap={4}>
      <Text id={headingId} size="sm" fw={500}>
        Order readers see
      </Text>
      <Text size="xs" c="dimmed">
        Drag a link by its row, or use its Move up and Move down buttons.
      </Text>
      <Stack
        component="ol"
        aria-labelledby={headingId}
        gap={4}
        p={0}
        m={0}
        className={classes.list}
      >
        {linkIds.map((id, index) => {
          const label = labelOf(id);
          return (
            <Paper
              key={id}
              component="li"
              withBorder
              radius="sm"
              px="xs"
              py={4}
              draggable
              className={classes.row}
              data-dragging={dragged === index || undefined}
              data-drop-target={(dropTarget === index && dragged !== index) || undefined}
              onDragStart={(event: DragEvent) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', id);
                setDragged(index);
              }}
              onDragOver={(event: DragEvent) => {
                if (dragged === undefined) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                setDropTarget(index);
              }}
              onDrop={(event: DragEvent) => {
                event.preventDefault();
                if (dragged !== undefined) move(dragged, index);
                endDrag();
              }}
              onDragEnd={endDrag}
            >
              <Group gap="xs" wrap="nowrap">
                <IconGripVertical size={16} aria-hidden="true" className={classes.grip} />
                <Text size="sm" flex={1} truncate="end">
                  <Text span c="dimmed" size="sm" aria-hidden="true">
                    {index + 1}.{' '}
                  </Text>
                  {label}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${label} up`}
                  disabled={index === 0}
                  ref={(button) => {
                    if (button) moveButtons.current.set(`${id}:up`, button);
                    else moveButtons.current.delete(`${id}:up`);
                  }}
                  onClick={() => {
                    moveByButton(index, 'up');
                  }}
                >
                  <IconArrowUp size={16} aria-hidden="true" />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${label} down`}
                  disabled={index === linkIds.length - 1}
                  ref={(button) => {
                    if (button) moveButtons.current.set(`${id}:down`, button);
                    else moveButtons.current.delete(`${id}:down`);
                  }}
                  onClick={() => {
                    moveByButton(index, 'down');
                  }}
                >
                  <IconArrowDown size={16} aria-hidden="true" />
                </ActionIcon>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
