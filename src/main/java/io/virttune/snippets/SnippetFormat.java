package io.virttune.snippets;

/** How snippets are written: plain files to review, or the same files plus an Ansible playbook. */
public enum SnippetFormat {
    files,
    ansible
}
