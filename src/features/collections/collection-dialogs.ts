// The collections page's dialogs, in a chunk of their own that loads on first use.
export { CreateCollectionModal } from './create-collection-modal';
export { DeleteCollectionModal } from './delete-collection-modal';
export { EditCollectionModal } from './edit-collection-modal';
