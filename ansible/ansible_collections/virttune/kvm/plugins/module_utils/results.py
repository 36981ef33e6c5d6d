# -*- coding: utf-8 -*-
"""Ansible's outcome of a virt-tune results document (schemas virt-tune/apply, rollback, cleanup
and bench-run: a result per domain): changed only when a domain was changed (or, in check mode,
would be), failed when a domain was refused or failed, with every reason it was stopped for."""

# A result virt-tune does not know counts as failed, as its own fleet commands count it.
KNOWN_RESULTS = ("done", "would_run", "already_done", "nothing_to_do", "refused", "failed")
STOPPED_RESULTS = ("refused", "failed")


def result_of(domain):
    return domain["result"] if domain["result"] in KNOWN_RESULTS else "failed"


def changing_results(document, would_change):
    """The results that mean a change: done in a run that executes (bench always does); a dry
    run's would_run only when WOULD_CHANGE (check mode of a run that would execute), where it is
    what the task would change."""
    if document.get("execute", True):
        return ("done",)
    return ("would_run",) if would_change else ()


def stopped_domains(document):
    """Each domain refused or failed, with every reason it was stopped for (its detail when the
    document gives no reasons)."""
    return [dict(name=domain["name"], result=result_of(domain), reasons=domain.get("reasons") or [domain["detail"]])
            for domain in document["domains"] if result_of(domain) in STOPPED_RESULTS]


def failure_message(command, rc, stopped):
    """One line for the task's failure: each stopped domain with all its reasons."""
    if not stopped:
        return "virt-tune %s ended with exit status %d and no domain refused or failed" % (command, rc)
    return "virt-tune %s: %s" % (command, " | ".join(
        "%s %s: %s" % (domain["name"], domain["result"], "; ".join(domain["reasons"])) for domain in stopped))


def exit_with_results(module, command, rc, document, stderr, would_change=None, note=None, **extra):
    """Ends the task with the document's domains: failed (exit status 1 or 3) with the message and
    the stopped domains' reasons, else ok or changed, with NOTE as its message. WOULD_CHANGE:
    whether a dry run's would_run is a change the task would make (default: in check mode)."""
    if would_change is None:
        would_change = module.check_mode
    changed = any(result_of(domain) in changing_results(document, would_change) for domain in document["domains"])
    stopped = stopped_domains(document)
    outcome = dict(changed=changed, rc=rc, domains=document["domains"], stderr=stderr, **extra)
    if rc != 0 or stopped:
        module.fail_json(msg=failure_message(command, rc, stopped), refused=rc == 3, stopped=stopped, **outcome)
    if note:
        outcome["msg"] = note
    module.exit_json(**outcome)
