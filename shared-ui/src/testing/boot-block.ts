import { BOOT_BLOCK_ID } from 'shared-domain';
import { resetBootData } from '../api/boot.js';

/**
 * Writes a boot block into the page, as the gateway does into index.html (`bootData()` reads it
 * afresh); the answer removes it again.
 */
export function writeBootBlock(content: unknown): () => void {
  const block = document.createElement('script');
  block.id = BOOT_BLOCK_ID;
  block.type = 'application/json';
  block.textContent = JSON.stringify(content);
  document.head.append(block);
  resetBootData();
  return () => {
    block.remove();
    resetBootData();
  };
}
